import { type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The privacy module's SQL (issue 45, ADR 0046). Like the dashboard's, it reads the tables of the
 * modules before it, because the law's question, "what do you keep about me", spans all of them;
 * unlike the dashboard it also writes them, once, in the erasure's one transaction. Every table the
 * schema has is named here on purpose, and a test walks the schema's text columns after an erasure,
 * so a table added later without a line here fails it.
 */

// ---------------------------------------------------------------------------------------------
// Data exports
// ---------------------------------------------------------------------------------------------

export const insertExport = (db: Db, row: DB['data_exports']) => db.insertInto('data_exports').values(row).execute();

/** The person's latest export that is still waiting or still downloadable. */
export const latestExport = (db: Db, userId: string, now: string) =>
  db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const exportOf = (db: Db, id: string, userId: string) =>
  db.selectFrom('data_exports').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** Exports waiting to be built, oldest first; one whose builder died (claimed long ago) is waiting again. */
export const pendingExports = (db: Db, staleBefore: string, limit: number) =>
  db
    .selectFrom('data_exports')
    .select(['id', 'user_id'])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();

/** Claims one export for this run: a conditional update, so of several instances one builds it. */
export async function claimExport(db: Db, id: string, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ claimed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markExportReady(
  db: Db,
  id: string,
  claimedAt: string,
  file: { key: string; bytes: number; readyAt: string; expiresAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      storage_key: file.key,
      bytes: file.bytes,
      ready_at: file.readyAt,
      expires_at: file.expiresAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('claimed_at', '=', claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const markExportFailed = (db: Db, id: string) =>
  db
    .updateTable('data_exports')
    .set({ status: 'failed' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();

export const expiredExports = (db: Db, now: string, limit: number) =>
  db.selectFrom('data_exports').select(['id', 'storage_key']).where('expires_at', '<=', now).limit(limit).execute();

export const deleteExports = (db: Db, ids: string[]) =>
  ids.length ? db.deleteFrom('data_exports').where('id', 'in', ids).execute() : Promise.resolve([]);

export const exportFilesOf = (db: Db, userId: string) =>
  db.selectFrom('data_exports').select(['id', 'storage_key']).where('user_id', '=', userId).execute();

export const allExportKeys = async (db: Db): Promise<string[]> =>
  (await db.selectFrom('data_exports').select('storage_key').where('storage_key', 'is not', null).execute()).map(
    (r) => r.storage_key!,
  );

export const userById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const userByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// What stands in the way of an erasure
// ---------------------------------------------------------------------------------------------

const OPEN_LINE = ['placed', 'confirmed', 'shipped'];
const TO_SHIP = ['placed', 'confirmed'];

export async function blockersOf(db: Db, userId: string) {
  const [openOrders, toShip, auctions, leading, shows] = await Promise.all([
    db
      .selectFrom('orders')
      .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select('orders.id')
      .where('orders.buyer_id', '=', userId)
      .where((eb) => eb.or([eb('orders.status', '=', 'awaiting_address'), eb('order_lines.status', 'in', OPEN_LINE)]))
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select('order_lines.id')
      .where('order_lines.seller_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('order_lines.status', 'in', TO_SHIP),
          eb.and([eb('orders.status', '=', 'awaiting_address'), eb('order_lines.status', '!=', 'cancelled')]),
        ]),
      )
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('auctions')
      .select('id')
      .where('seller_id', '=', userId)
      .where('status', 'in', ['open', 'pending'])
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('auctions')
      .select('id')
      .where('leader_id', '=', userId)
      .where('status', '=', 'open')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('streams')
      .select('id')
      .where('host_id', '=', userId)
      .where('status', 'in', ['scheduled', 'live'])
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    open_orders: !!openOrders,
    sales_to_ship: !!toShip,
    running_auctions: !!auctions,
    leading_bids: !!leading,
    shows: !!shows,
  };
}

// ---------------------------------------------------------------------------------------------
// What Souq keeps about a person, for their export
// ---------------------------------------------------------------------------------------------

/**
 * Every section of the export, read with the person's own rows and only what they already saw of
 * other people (a buyer's username on their own sale, a seller's on their purchase), never who
 * reported them or who viewed what.
 */
export async function personalData(db: Db, userId: string) {
  const user = await userById(db, userId);
  if (!user) return undefined;
  const usernames = (ids: Array<string | null>) => namesOf(db, ids);

  const [sessions, taxDetails] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'user_agent'])
      .where('user_id', '=', userId)
      .execute(),
    db.selectFrom('seller_tax_details').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ]);

  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const orderIds = orders.map((o) => o.id);
  const orderLines = orderIds.length
    ? await db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('position').execute()
    : [];
  const sales = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.id',
      'order_lines.order_id',
      'order_lines.title',
      'order_lines.unit_price',
      'order_lines.quantity',
      'order_lines.line_total',
      'order_lines.status',
      'order_lines.shipped_at',
      'orders.created_at',
      'orders.buyer_id',
    ])
    .where('order_lines.seller_id', '=', userId)
    .orderBy('orders.created_at')
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .select([
      'id',
      'number',
      'order_id',
      'seller_id',
      'buyer_id',
      'credits_id',
      'issued_at',
      'subtotal',
      'vat',
      'total',
    ])
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .orderBy('issued_at')
    .execute();

  const bids = await db
    .selectFrom('bids')
    .innerJoin('auctions', 'auctions.id', 'bids.auction_id')
    .select(['bids.auction_id', 'auctions.title', 'bids.amount', 'bids.auto', 'bids.created_at'])
    .where('bids.bidder_id', '=', userId)
    .orderBy('bids.created_at')
    .execute();
  const maxima = await db
    .selectFrom('auction_max_bids')
    .innerJoin('auctions', 'auctions.id', 'auction_max_bids.auction_id')
    .select(['auction_max_bids.auction_id', 'auctions.title', 'auction_max_bids.max_amount'])
    .where('auction_max_bids.bidder_id', '=', userId)
    .execute();
  const prebids = await db
    .selectFrom('lot_prebids')
    .innerJoin('auctions', 'auctions.id', 'lot_prebids.auction_id')
    .select(['lot_prebids.auction_id', 'auctions.title', 'lot_prebids.max_amount', 'lot_prebids.created_at'])
    .where('lot_prebids.user_id', '=', userId)
    .execute();
  const secondChance = await db
    .selectFrom('second_chance_offers')
    .select(['auction_id', 'amount', 'status', 'expires_at', 'created_at', 'decided_at'])
    .where('bidder_id', '=', userId)
    .execute();
  const strikes = await db
    .selectFrom('unpaid_strikes')
    .select(['order_id', 'title', 'created_at'])
    .where('user_id', '=', userId)
    .execute();

  const chat = await db
    .selectFrom('stream_messages')
    .innerJoin('streams', 'streams.id', 'stream_messages.stream_id')
    .select([
      'stream_messages.stream_id',
      'streams.title as show',
      'stream_messages.kind',
      'stream_messages.text',
      'stream_messages.amount',
      'stream_messages.created_at',
      'stream_messages.deleted_at',
    ])
    .where('stream_messages.user_id', '=', userId)
    .orderBy('stream_messages.seq')
    .execute();

  const reviews = await db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select(['reviews.product_id', 'products.title as product', 'reviews.text', 'reviews.rating', 'reviews.created_at'])
    .where('reviews.user_id', '=', userId)
    .execute();
  const ratings = await db
    .selectFrom('seller_ratings')
    .select(['order_id', 'seller_id', 'stars', 'comment', 'reply', 'created_at'])
    .where('buyer_id', '=', userId)
    .execute();
  const problems = await db
    .selectFrom('order_problems')
    .selectAll()
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .execute();

  const reports = await db
    .selectFrom('reports')
    .select(['target_kind', 'target_id', 'reason', 'text', 'created_at', 'resolved_at', 'resolution'])
    .where('reporter_id', '=', userId)
    .execute();
  const savedSearches = await db
    .selectFrom('saved_searches')
    .select(['text', 'category', 'max_price', 'auctions_only', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const notifications = await db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const following = await db
    .selectFrom('follows')
    .select(['followee_id', 'created_at'])
    .where('follower_id', '=', userId)
    .execute();
  const likes = await db
    .selectFrom('product_likes')
    .innerJoin('products', 'products.id', 'product_likes.product_id')
    .select(['product_likes.product_id', 'products.title', 'product_likes.created_at'])
    .where('product_likes.user_id', '=', userId)
    .execute();
  const reminders = await db
    .selectFrom('stream_reminders')
    .select(['stream_id', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const hidden = await db
    .selectFrom('feed_hidden')
    .select(['item_id', 'category', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const opened = await db
    .selectFrom('item_opens')
    .select(['item_kind', 'item_id', 'category', 'created_at'])
    .where('user_id', '=', userId)
    .execute();

  const products = await db
    .selectFrom('products')
    .select([
      'id',
      'title',
      'description',
      'title_ar',
      'description_ar',
      'category',
      'price',
      'condition',
      'brand',
      'images',
      'created_at',
      'hidden_at',
      'hidden_reason',
    ])
    .where('owner_id', '=', userId)
    .execute();
  const auctions = await db
    .selectFrom('auctions')
    .select(['id', 'title', 'starting_bid', 'current_bid', 'status', 'starts_at', 'ends_at', 'images', 'created_at'])
    .where('seller_id', '=', userId)
    .execute();
  const shows = await db
    .selectFrom('streams')
    .select(['id', 'title', 'status', 'scheduled_for', 'started_at', 'ended_at', 'cover_key'])
    .where('host_id', '=', userId)
    .execute();

  const names = await usernames([
    ...orderLines.map((l) => l.seller_id),
    ...sales.map((s) => s.buyer_id),
    ...ratings.map((r) => r.seller_id),
    ...following.map((f) => f.followee_id),
    ...invoices.flatMap((i) => [i.seller_id, i.buyer_id]),
    ...problems.flatMap((p) => [p.seller_id, p.buyer_id]),
  ]);

  return {
    user,
    sessions,
    taxDetails,
    orders,
    orderLines,
    sales,
    invoices,
    bids,
    maxima,
    prebids,
    secondChance,
    strikes,
    chat,
    reviews,
    ratings,
    problems,
    reports,
    savedSearches,
    notifications,
    following,
    likes,
    reminders,
    hidden,
    opened,
    products,
    auctions,
    shows,
    names,
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalData>>>;

async function namesOf(db: Db, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

// ---------------------------------------------------------------------------------------------
// Erasure
// ---------------------------------------------------------------------------------------------

/** The erasure's first write: one erasure of a person, and a lock on their row for the rest of it. */
export async function claimErasure(trx: Transaction<DB>, userId: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ erased_at: now })
    .where('id', '=', userId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The stored files an erasure removes once it has committed: every photo the person put on Souq. */
export async function filesOf(db: Db, userId: string) {
  const [user, products, auctions, shows, clips, problems, exports] = await Promise.all([
    db.selectFrom('users').select('avatar_key').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('products').select(['images', 'invoice_key']).where('owner_id', '=', userId).execute(),
    db.selectFrom('auctions').select('images').where('seller_id', '=', userId).execute(),
    db.selectFrom('streams').select('cover_key').where('host_id', '=', userId).execute(),
    db
      .selectFrom('lot_clips')
      .innerJoin('streams', 'streams.id', 'lot_clips.stream_id')
      .select('lot_clips.storage_key')
      .where('streams.host_id', '=', userId)
      .execute(),
    db.selectFrom('order_problems').select('photos').where('buyer_id', '=', userId).execute(),
    exportFilesOf(db, userId),
  ]);
  return { user, products, auctions, shows, clips, problems, exports };
}

/**
 * Erases a person, in the caller's transaction: what identifies them goes, what the law makes Souq
 * keep (invoices and credit notes as issued, the amounts of orders for the seller's books) stays,
 * with no contact details. Their row stays under a name no one can choose, so the records that
 * point at it (orders, invoices, reviews, chat lines) still hold together and show "Deleted account".
 */
export async function erase(
  trx: Transaction<DB>,
  userId: string,
  names: { username: string; email: string },
  now: string,
) {
  const oldUsername = (await userById(trx, userId))?.username;

  // Counters others see move with the rows that made them.
  await trx
    .updateTable('users')
    .set((eb) => ({ followers_count: eb('followers_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('follows').select('followee_id').where('follower_id', '=', userId))
    .execute();
  await trx
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('follows').select('follower_id').where('followee_id', '=', userId))
    .execute();
  await trx
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
    .execute();
  await trx
    .updateTable('products')
    .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('product_likes').select('product_id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('product_likes').where('user_id', '=', userId).execute();

  // The account itself: no way in, nothing to reach them by.
  await trx
    .updateTable('users')
    .set({
      email: names.email,
      username: names.username,
      password_hash: null,
      google_sub: null,
      display_name: null,
      phone: null,
      avatar_key: null,
      bio: '',
      contact_email: null,
      locale: null,
      suspended_reason: null,
      erased_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
  await trx.deleteFrom('seller_tax_details').where('user_id', '=', userId).execute();

  // Orders stay for the seller's books; the buyer's delivery address and phone go.
  await trx
    .updateTable('orders')
    .set({ emirate: '', area: '', street: '', phone: '' })
    .where('buyer_id', '=', userId)
    .execute();

  // Their listings leave the shop, without their photos.
  await trx
    .updateTable('products')
    .set({ hidden_at: now, hidden_reason: 'Account deleted', images: '[]', invoice_key: null })
    .where('owner_id', '=', userId)
    .execute();
  await trx
    .updateTable('auctions')
    .set({ hidden_at: now, hidden_reason: 'Account deleted', images: '[]' })
    .where('seller_id', '=', userId)
    .execute();
  await trx.updateTable('order_lines').set({ image_key: null }).where('seller_id', '=', userId).execute();
  await trx.updateTable('streams').set({ cover_key: null }).where('host_id', '=', userId).execute();
  await trx
    .deleteFrom('lot_clips')
    .where('stream_id', 'in', trx.selectFrom('streams').select('id').where('host_id', '=', userId))
    .execute();
  await trx.updateTable('order_problems').set({ photos: '[]' }).where('buyer_id', '=', userId).execute();

  // What was only theirs.
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await trx.deleteFrom('mail_throttle').where('user_id', '=', userId).execute();
  await trx.deleteFrom('saved_search_hits').where('user_id', '=', userId).execute();
  await trx.deleteFrom('saved_search_digests').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('saved_search_words')
    .where('search_id', 'in', trx.selectFrom('saved_searches').select('id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('saved_searches').where('user_id', '=', userId).execute();
  await trx.deleteFrom('feed_hidden').where('user_id', '=', userId).execute();
  await trx.deleteFrom('item_opens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('feed_sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stream_reminders').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stream_mutes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stream_bans').where('user_id', '=', userId).execute();
  await trx.deleteFrom('lot_prebids').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('host_moderators')
    .where((eb) => eb.or([eb('host_id', '=', userId), eb('user_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('product_views').where('viewer', '=', `u:${userId}`).execute();
  await trx.deleteFrom('data_exports').where('user_id', '=', userId).execute();

  // Where their old username was written into other people's news and chat ("Sold to amira for…"),
  // it becomes "Deleted account": only where it stands as a whole name, never inside another word.
  if (oldUsername) {
    // A candidate: `_` in a name matches any one character here, which only widens the search.
    const like = `%${oldUsername}%`;
    const whole = new RegExp(`(?<![\\p{L}\\p{N}._-])${escapeRegExp(oldUsername)}(?![\\p{L}\\p{N}._-])`, 'gu');
    const rename = (text: string) => text.replace(whole, 'Deleted account');
    const news = await trx
      .selectFrom('notifications')
      .select(['id', 'title', 'body'])
      .where((eb) => eb.or([eb('title', 'like', like), eb('body', 'like', like)]))
      .execute();
    for (const n of news)
      await trx
        .updateTable('notifications')
        .set({ title: rename(n.title), body: rename(n.body) })
        .where('id', '=', n.id)
        .execute();
    const lines = await trx.selectFrom('stream_messages').select(['id', 'text']).where('text', 'like', like).execute();
    for (const l of lines)
      await trx
        .updateTable('stream_messages')
        .set({ text: rename(l.text) })
        .where('id', '=', l.id)
        .execute();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
