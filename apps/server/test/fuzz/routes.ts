import crypto from 'node:crypto';
import fc from 'fast-check';
import {
  AUCTION_SORT_KEYS,
  CATEGORIES,
  CONDITIONS,
  EMIRATES,
  FULFILMENT_STATUSES,
  PRODUCT_SORT_KEYS,
} from '@souq/shared';
import { hostileNumber, hostileString, idSegment, objectOf, queryOf, rawBody, spoiled } from './hostile.js';

/** The people and rows a fuzzed request may act as or point at (fuzz.test.ts makes them). */
export interface FuzzWorld {
  productId: () => string;
  userId: () => string;
  auctionId: () => string;
  streamId: () => string;
  /** A product of the seller's that is not on auction, for Move to Auction. */
  spareProductId: () => string;
  /** A PNG the server accepts, for forms that carry a file. */
  png: Buffer;
}

export type Actor = 'anonymous' | 'buyer' | 'seller' | 'unverified' | 'throwaway';

/** One request to send: JSON, a raw body, or a multipart form. */
export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  actor: Actor;
  /** Request headers beyond the cookie (an Idempotency-Key). */
  headers?: Record<string, string>;
  json?: unknown;
  raw?: { contentType: string; payload: string };
  form?: { fields: Array<[string, string]>; files: Array<{ field: string; data: Buffer }> };
}

export interface FuzzRoute {
  name: string;
  request: (world: FuzzWorld) => fc.Arbitrary<FuzzRequest>;
}

const actor = (preferred: Actor) =>
  fc.oneof(
    { arbitrary: fc.constant(preferred), weight: 5 },
    { arbitrary: fc.constantFrom<Actor>('anonymous', 'buyer', 'seller', 'unverified'), weight: 1 },
  );

// Valid values, each spoilable, so most requests get past the first check and into the service.
const email = fc.oneof(
  fc.uuid().map((u) => `f${u.slice(0, 8)}@example.com`),
  spoiled('amira@example.com'),
  // 250 characters, past 254 once lowercased.
  fc.constant(`${'İ'.repeat(245)}@x.co`),
);
const password = fc.oneof(fc.constant('secret-pass'), fc.string({ minLength: 6, maxLength: 20 }));
const username = fc.oneof(
  fc.uuid().map((u) => `u${u.slice(0, 8)}`),
  spoiled('amira_99'),
);
const phone = fc.oneof(fc.constant('0501234567'), fc.constant('+971 (50) 123-4567'), spoiled('0501234567'));
const token = fc.oneof(
  fc
    .base64String({ minLength: 44, maxLength: 44 })
    .map((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '')),
  spoiled('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'),
);
const text = (min: number) =>
  fc.oneof(
    fc.string({ minLength: min, maxLength: 80 }),
    spoiled('A perfectly ordinary sentence.'),
    fc.integer({ min: 1, max: 130 }).map((n) => 'İ'.repeat(n)),
  );
/** A whole number in range, as JSON or as text (forms send text). */
const decimalText = (max: number) => fc.oneof(fc.integer({ min: 1, max }).map(String), fc.integer({ min: 1, max }));
const price = decimalText(10_000_000);
const pageLimit = decimalText(60);
/** No cursor is the valid one; a spoiled one is a made-up cursor. */
const noCursor = fc.constant(undefined);

/** A JSON body, sometimes replaced whole by something that is not the object expected. */
function jsonBody(shape: Record<string, fc.Arbitrary<unknown>>) {
  return fc.oneof(
    { arbitrary: objectOf(shape).map((json) => ({ json })), weight: 8 },
    {
      arbitrary: fc
        .oneof(hostileString, fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }))
        .map((json) => ({ json })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), rawBody)
        .map(([contentType, payload]) => ({ raw: { contentType, payload } })),
      weight: 1,
    },
  );
}

const productFields = () => ({
  title: text(3),
  description: text(10),
  category: fc.constantFrom(...CATEGORIES),
  price,
  previousPrice: price,
  condition: fc.constantFrom(...CONDITIONS),
  brand: text(1),
  dimensions: fc.oneof(
    fc.constant('10x20x30'),
    fc.tuple(fc.nat(), fc.nat(), fc.nat()).map((d) => d.join(' x ')),
    fc.integer({ min: 1, max: 80 }).map((n) => `${'1'.repeat(n)}x1x1`),
  ),
  weight: fc.oneof(fc.constant('0.5'), decimalText(1000)),
  countryOfOrigin: text(1),
  keywords: fc.oneof(fc.constant('one, two'), fc.array(fc.string(), { maxLength: 25 })),
});

const address = objectOf({ emirate: fc.constantFrom(...EMIRATES), area: text(2), street: text(3), phone });
const lines = (world: FuzzWorld) =>
  fc.oneof(
    fc.array(
      objectOf({
        productId: fc.constant(null).map(() => world.productId()),
        quantity: fc.integer({ min: 1, max: 99 }),
      }),
      { maxLength: 4 },
    ),
    fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 60 }),
  );

/** A multipart form of spoiled text fields and, sometimes, files of good or junk bytes. */
function formBody(shape: Record<string, fc.Arbitrary<unknown>>, fileField: string, world: FuzzWorld) {
  const files = fc.array(
    fc.record({
      field: fc.constantFrom(fileField, fileField, 'invoice', '__proto__', 'other'),
      data: fc.oneof(
        fc.constant(world.png),
        fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
        fc.constant(Buffer.from('%PDF-1.7\n/OpenAction << /JS (x) >>')),
      ),
    }),
    { maxLength: 3 },
  );
  return fc
    .tuple(
      objectOf(shape),
      files,
      fc.array(fc.tuple(fc.constantFrom('title', 'keywords', '__proto__', 'constructor'), hostileString), {
        maxLength: 2,
      }),
    )
    .map(([fields, fileParts, extra]) => ({
      form: {
        fields: [
          ...Object.entries(fields as Record<string, unknown>).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
          ]),
          ...extra,
        ],
        files: fileParts,
      },
    }));
}

const route = (name: string, build: (world: FuzzWorld) => fc.Arbitrary<FuzzRequest>): FuzzRoute => ({
  name,
  request: build,
});

const get = (name: string, path: (w: FuzzWorld) => fc.Arbitrary<string>, who: Actor = 'anonymous') =>
  route(name, (w) => fc.record({ method: fc.constant('GET' as const), url: path(w), actor: actor(who) }));

const withBody = (
  method: FuzzRequest['method'],
  name: string,
  path: (w: FuzzWorld) => fc.Arbitrary<string>,
  who: Actor,
  body: (w: FuzzWorld) => fc.Arbitrary<Partial<FuzzRequest>>,
) => route(name, (w) => fc.tuple(path(w), actor(who), body(w)).map(([url, a, b]) => ({ method, url, actor: a, ...b })));

const fixed = (url: string) => () => fc.constant(url);
const productPath =
  (suffix = '') =>
  (w: FuzzWorld) =>
    idSegment(w.productId).map((id) => `/api/products/${id}${suffix}`);
const userPath =
  (suffix = '') =>
  (w: FuzzWorld) =>
    idSegment(w.userId).map((id) => `/api/users/${id}${suffix}`);
const cursorQuery = queryOf({ cursor: noCursor, limit: pageLimit });
const auctionPath =
  (suffix = '') =>
  (w: FuzzWorld) =>
    idSegment(w.auctionId).map((id) => `/api/auctions/${id}${suffix}`);
const streamPath =
  (suffix = '') =>
  (w: FuzzWorld) =>
    idSegment(w.streamId).map((id) => `/api/streams/${id}${suffix}`);
const fils = fc.oneof(fc.integer({ min: 1, max: 2_000_000_000 }), fc.constant(10_000), hostileNumber);
const itemRef = (w: FuzzWorld) =>
  fc.record({
    kind: fc.constantFrom('product', 'auction'),
    id: fc.oneof(idSegment(w.productId), idSegment(w.auctionId)),
  });

/** Every route of the API, with the shape of what it takes. */
export const ROUTES: FuzzRoute[] = [
  get('GET /api/health', fixed('/api/health')),
  get('GET /api/ready', fixed('/api/ready')),
  get('GET /api/auth/me', fixed('/api/auth/me'), 'buyer'),
  withBody('POST', 'POST /api/auth/register', fixed('/api/auth/register'), 'anonymous', () =>
    jsonBody({ email, password, confirmPassword: password, username, phone }),
  ),
  withBody('POST', 'POST /api/auth/login', fixed('/api/auth/login'), 'anonymous', () => jsonBody({ email, password })),
  withBody('POST', 'POST /api/auth/logout', fixed('/api/auth/logout'), 'throwaway', () => jsonBody({})),
  withBody('POST', 'POST /api/auth/logout-all', fixed('/api/auth/logout-all'), 'throwaway', () => jsonBody({})),
  withBody('POST', 'POST /api/auth/resend-verification', fixed('/api/auth/resend-verification'), 'unverified', () =>
    jsonBody({}),
  ),
  withBody('POST', 'POST /api/auth/verify-email', fixed('/api/auth/verify-email'), 'anonymous', () =>
    jsonBody({ token }),
  ),
  withBody('POST', 'POST /api/auth/password-reset', fixed('/api/auth/password-reset'), 'anonymous', () =>
    jsonBody({ email }),
  ),
  withBody(
    'POST',
    'POST /api/auth/password-reset/confirm',
    fixed('/api/auth/password-reset/confirm'),
    'anonymous',
    () => jsonBody({ token, password, confirmPassword: password }),
  ),
  withBody('POST', 'POST /api/auth/password', fixed('/api/auth/password'), 'throwaway', () =>
    jsonBody({ currentPassword: password, password, confirmPassword: password }),
  ),
  get('GET /api/auth/providers', fixed('/api/auth/providers')),
  get('GET /api/auth/google/callback', () =>
    queryOf({ code: fc.string(), state: fc.string(), error: fc.string() }).map((q) => `/api/auth/google/callback${q}`),
  ),
  get('GET /api/products', () =>
    queryOf({
      category: fc.constantFrom(...CATEGORIES),
      sort: fc.constantFrom(...PRODUCT_SORT_KEYS),
      cursor: noCursor,
      limit: pageLimit,
    }).map((q) => `/api/products${q}`),
  ),
  get('GET /api/search', () =>
    queryOf({
      q: fc.oneof(fc.constant('watch'), fc.string()),
      sort: fc.constantFrom('name', 'price', 'rating'),
      order: fc.constantFrom('asc', 'desc'),
      cursor: noCursor,
      limit: pageLimit,
    }).map((q) => `/api/search${q}`),
  ),
  get('GET /api/products/:id', productPath(), 'buyer'),
  withBody('POST', 'POST /api/products', fixed('/api/products'), 'seller', (w) =>
    formBody(productFields(), 'images', w),
  ),
  withBody('PUT', 'PUT /api/products/:id', productPath(), 'seller', () => jsonBody(productFields())),
  // Deleting the world's own product would leave the other routes nothing to act on: ids of nothing, or of no one's.
  route('DELETE /api/products/:id', () =>
    fc.record({
      method: fc.constant('DELETE' as const),
      url: idSegment(() => crypto.randomUUID()).map((id) => `/api/products/${id}`),
      actor: actor('seller'),
    }),
  ),
  withBody('PUT', 'PUT /api/products/:id/like', productPath('/like'), 'buyer', () => jsonBody({})),
  route('DELETE /api/products/:id/like', (w) =>
    fc.record({ method: fc.constant('DELETE' as const), url: productPath('/like')(w), actor: actor('buyer') }),
  ),
  get('GET /api/products/:id/invoice', productPath('/invoice'), 'seller'),
  get('GET /api/products/:id/reviews', (w) => fc.tuple(productPath('/reviews')(w), cursorQuery).map(([p, q]) => p + q)),
  withBody('POST', 'POST /api/products/:id/reviews', productPath('/reviews'), 'buyer', () =>
    jsonBody({ text: text(3), rating: fc.integer({ min: 1, max: 5 }) }),
  ),
  get('GET /api/users/:id', userPath(), 'buyer'),
  get('GET /api/users/:id/products', (w) => fc.tuple(userPath('/products')(w), cursorQuery).map(([p, q]) => p + q)),
  withBody('PUT', 'PUT /api/me/profile', fixed('/api/me/profile'), 'throwaway', () =>
    jsonBody({ username, bio: text(0), contactEmail: email }),
  ),
  withBody('POST', 'POST /api/me/photo', fixed('/api/me/photo'), 'unverified', (w) => formBody({}, 'photo', w)),
  get('GET /api/me/likes', () => cursorQuery.map((q) => `/api/me/likes${q}`), 'buyer'),
  withBody('PUT', 'PUT /api/users/:id/follow', userPath('/follow'), 'buyer', () => jsonBody({})),
  route('DELETE /api/users/:id/follow', (w) =>
    fc.record({ method: fc.constant('DELETE' as const), url: userPath('/follow')(w), actor: actor('buyer') }),
  ),
  withBody('POST', 'POST /api/orders/quote', fixed('/api/orders/quote'), 'buyer', (w) => jsonBody({ lines: lines(w) })),
  withBody('POST', 'POST /api/orders', fixed('/api/orders'), 'buyer', (w) =>
    fc
      .tuple(jsonBody({ lines: lines(w), address }), fc.oneof(fc.uuid(), fc.constant('same-key-every-time')))
      .map(([body, key]) => ({ ...body, headers: { 'idempotency-key': key } })),
  ),
  get('GET /api/orders', fixed('/api/orders'), 'buyer'),
  get('GET /api/sales', fixed('/api/sales'), 'seller'),
  withBody(
    'POST',
    'POST /api/sales/:id/status',
    () => idSegment(() => crypto.randomUUID()).map((id) => `/api/sales/${id}/status`),
    'seller',
    () =>
      jsonBody({
        status: fc.constantFrom(...FULFILMENT_STATUSES, 'lost', ''),
        from: fc.constantFrom(...FULFILMENT_STATUSES, 'x'),
      }),
  ),
  get('GET /api/time', fixed('/api/time')),
  get('GET /api/auctions', () =>
    queryOf({
      category: fc.constantFrom(...CATEGORIES),
      sort: fc.constantFrom(...AUCTION_SORT_KEYS),
      cursor: noCursor,
      limit: pageLimit,
    }).map((q) => `/api/auctions${q}`),
  ),
  get('GET /api/auctions/:id', auctionPath(), 'buyer'),
  get('GET /api/auctions/:id/bids', (w) => fc.tuple(auctionPath('/bids')(w), cursorQuery).map(([p, q]) => p + q)),
  get('GET /api/users/:id/auctions', (w) => fc.tuple(userPath('/auctions')(w), cursorQuery).map(([p, q]) => p + q)),
  withBody('POST', 'POST /api/auctions/:id/bids', auctionPath('/bids'), 'buyer', () =>
    jsonBody({ amount: fils, maxAmount: fc.option(fils, { nil: undefined }) }),
  ),
  withBody(
    'POST',
    'POST /api/products/:id/auction',
    (w) => idSegment(w.spareProductId).map((id) => `/api/products/${id}/auction`),
    'seller',
    () =>
      jsonBody({
        startingBid: fils,
        duration: fc.constantFrom('5m', '1h', '7d', 'custom', '2h'),
        endsAt: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string(),
        ),
        reservePrice: fc.option(fils, { nil: undefined }),
        closingStyle: fc.constantFrom('soft', 'sudden', 'later'),
      }),
  ),
  withBody(
    'POST',
    'POST /api/auctions/:id/cancel',
    (w) =>
      idSegment(() => crypto.randomUUID())
        .map((id) => `/api/auctions/${id}/cancel`)
        .chain((p) => fc.constantFrom(p, `/api/auctions/${w.auctionId()}/cancel`)),
    'buyer',
    () => jsonBody({}),
  ),
  withBody('POST', 'POST /api/auctions/:id/relist', auctionPath('/relist'), 'seller', () => jsonBody({})),
  get('GET /api/notifications', fixed('/api/notifications'), 'buyer'),
  withBody('POST', 'POST /api/notifications/read', fixed('/api/notifications/read'), 'buyer', () => jsonBody({})),
  withBody(
    'POST',
    'POST /api/orders/:id/address',
    () => idSegment(() => crypto.randomUUID()).map((id) => `/api/orders/${id}/address`),
    'buyer',
    () => address.map((json) => ({ json })),
  ),
  get('GET /api/streams', () => cursorQuery.map((q) => `/api/streams${q}`)),
  get('GET /api/streams/:id', streamPath(), 'buyer'),
  get('GET /api/streams/:id/video', streamPath('/video'), 'buyer'),
  withBody('POST', 'POST /api/streams', fixed('/api/streams'), 'buyer', (w) =>
    formBody(
      { title: text(1), durationMinutes: decimalText(200), productId: idSegment(w.productId), startingBid: price },
      'cover',
      w,
    ),
  ),
  withBody('POST', 'POST /api/streams/:id/end', streamPath('/end'), 'buyer', () => jsonBody({})),
  route('DELETE /api/streams/:id/messages/:messageId', (w) =>
    fc.record({
      method: fc.constant('DELETE' as const),
      url: fc
        .tuple(
          streamPath()(w),
          idSegment(() => crypto.randomUUID()),
        )
        .map(([p, id]) => `${p}/messages/${id}`),
      actor: actor('seller'),
    }),
  ),
  withBody(
    'POST',
    'POST /api/streams/:id/removed/:userId',
    (w) => fc.tuple(streamPath()(w), idSegment(w.userId)).map(([p, id]) => `${p}/removed/${id}`),
    'buyer',
    () => jsonBody({}),
  ),
  get('GET /api/feed', () => queryOf({ cursor: fc.oneof(noCursor, fc.string()) }).map((q) => `/api/feed${q}`), 'buyer'),
  withBody('POST', 'POST /api/feed/events', fixed('/api/feed/events'), 'buyer', (w) =>
    jsonBody({ opened: fc.array(itemRef(w), { maxLength: 60 }) }),
  ),
  withBody('POST', 'POST /api/feed/not-interested', fixed('/api/feed/not-interested'), 'buyer', (w) =>
    fc.oneof(
      itemRef(w).map((json) => ({ json })),
      jsonBody({ kind: fc.string(), id: fc.string() }),
    ),
  ),
  // Reports (issue 31): anyone verified reports a thing once; the staff routes refuse everyone else.
  withBody('POST', 'POST /api/reports', fixed('/api/reports'), 'buyer', (w) =>
    jsonBody({
      targetKind: fc.oneof(fc.constantFrom('product', 'auction', 'user', 'review', 'message'), hostileString),
      targetId: fc.oneof(
        fc.constant(null).map(() => w.productId()),
        fc.constant(null).map(() => w.userId()),
        fc.uuid(),
        hostileString,
      ),
      reason: fc.oneof(
        fc.constantFrom('counterfeit', 'prohibited', 'misleading', 'abusive', 'spam', 'other'),
        hostileString,
      ),
      text: fc.oneof(hostileString, fc.constant(undefined)),
    }),
  ),
  withBody(
    'POST',
    'POST /api/admin/reports/:id/action',
    () => idSegment(() => crypto.randomUUID()).map((id) => `/api/admin/reports/${id}/action`),
    'buyer',
    () =>
      jsonBody({
        action: fc.oneof(fc.constantFrom('hide', 'remove', 'suspend', 'dismiss'), hostileString),
        reason: hostileString,
        until: fc.oneof(hostileString, fc.constant(undefined)),
      }),
  ),
  get('an unknown path', () => hostileString.map((s) => `/api/${encodeURIComponent(s.replace(/\p{Cs}/gu, ''))}`)),
];
