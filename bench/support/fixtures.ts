import crypto from 'node:crypto';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { verifiedUserRow } from '../../apps/server/test/fixtures/users.js';
import { productValues } from '../../apps/server/test/fixtures/products.js';

/**
 * People and an auction written straight into the benchmark's database through the app's own
 * services (in this process, not listening), then closed so only the server process serves.
 */
type Souq = Awaited<ReturnType<typeof buildApp>>;

/** Verified people with sessions: the first is the seller (or host). */
async function seedPeople(souq: Souq, count: number) {
  const at = new Date().toISOString();
  const people = Array.from({ length: count }, (_, i) =>
    verifiedUserRow(
      {
        id: crypto.randomUUID(),
        email: `bench${i}-${crypto.randomBytes(3).toString('hex')}@bench.test`,
        username: `bench${i}_${crypto.randomBytes(3).toString('hex')}`,
      },
      at,
    ),
  );
  await souq.database.db.insertInto('users').values(people).execute();
  const cookies = await Promise.all(
    people.map(async (p) => `souq_sid=${(await souq.accounts.createSession(p.id)).token}`),
  );
  const seller = await souq.database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', people[0]!.id)
    .executeTakeFirstOrThrow();
  return { people, cookies, seller };
}

/** One shop product of the seller's, to put on auction or sell live. */
async function seedProduct(souq: Souq, ownerId: string): Promise<string> {
  const product = productValues(ownerId, {
    title: 'Benchmark watch',
    category: 'Watches',
    price: 100_00,
    brand: 'Bench',
    keywordList: ['watches'],
  });
  await souq.database.db.insertInto('products').values(product).execute();
  return product.id;
}

/** `count` auctions of one seller (each of its own product), and people to bid on them. */
export async function seedAuction(env: Record<string, string>, bidders: number, count = 1) {
  const souq = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  await souq.jobs.stop();
  const { people, cookies, seller } = await seedPeople(souq, bidders + 1);
  const auctionIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const productId = await seedProduct(souq, seller.id);
    auctionIds.push(
      (await souq.auctions.start(seller, productId, { startingBid: 100, duration: '7d', closingStyle: 'sudden' })).id,
    );
  }
  await souq.app.close();
  return {
    auctionId: auctionIds[0]!,
    auctionIds,
    sellerCookie: cookies[0]!,
    cookies: cookies.slice(1),
    bidderIds: people.slice(1).map((c) => c.id),
  };
}

/** A live stream (30 minutes) and people to chat in it; the host must then keep it alive on the socket. */
export async function seedStream(env: Record<string, string>, chatters: number) {
  const souq = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  await souq.jobs.stop();
  const { cookies, seller } = await seedPeople(souq, chatters + 1);
  const productId = await seedProduct(souq, seller.id);
  const { id } = await souq.streams.start(
    seller,
    { title: 'Benchmark stream', durationMinutes: 30, productId, startingBid: 100 },
    undefined,
  );
  await souq.app.close();
  return { streamId: id, hostCookie: cookies[0]!, cookies: cookies.slice(1) };
}

/**
 * A show of 30 minutes with `lots` waiting lots of 10 s each, sudden death, and people to bid.
 * It is scheduled, not live, so seeding and the server's start do not count against the host's
 * grace period: the host goes live over HTTP once on the socket, keeps it alive there, and starts
 * each lot over HTTP.
 */
export async function seedShow(env: Record<string, string>, lots: number, bidders: number) {
  const souq = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  await souq.jobs.stop();
  const { cookies, seller } = await seedPeople(souq, bidders + 1);
  const runSheet = [];
  for (let i = 0; i < lots; i++)
    runSheet.push({
      productId: await seedProduct(souq, seller.id),
      startingBid: 100,
      seconds: 10,
      closingStyle: 'sudden' as const,
    });
  const { id } = await souq.streams.start(
    seller,
    {
      title: 'Benchmark show',
      durationMinutes: 30,
      lots: runSheet,
      scheduledFor: new Date(Date.now() + 3600_000).toISOString(),
    },
    undefined,
  );
  await souq.app.close();
  return { streamId: id, hostCookie: cookies[0]!, cookies: cookies.slice(1) };
}
