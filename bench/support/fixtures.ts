import crypto from 'node:crypto';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';

/**
 * People and an auction written straight into the benchmark's database through the app's own
 * services (in this process, not listening), then closed so only the server process serves.
 */
export async function seedAuction(env: Record<string, string>, bidders: number) {
  const souq = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  await souq.jobs.stop();
  const at = new Date().toISOString();
  const people = Array.from({ length: bidders + 1 }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `bench${i}-${crypto.randomBytes(3).toString('hex')}@bench.test`,
    password_hash: null,
    username: `bench${i}_${crypto.randomBytes(3).toString('hex')}`,
    display_name: null,
    phone: null,
    profile_pic: '/images/default-avatar.svg',
    bio: '',
    contact_email: null,
    google_sub: null,
    email_verified_at: at,
    created_at: at,
  }));
  await souq.database.db.insertInto('users').values(people).execute();
  const cookies = await Promise.all(people.map(async (p) => `souq_sid=${(await souq.accounts.createSession(p.id)).token}`));
  const [seller, ...crowd] = people;
  const productId = crypto.randomUUID();
  await souq.database.db
    .insertInto('products')
    .values({
      id: productId,
      owner_id: seller!.id,
      title: 'Benchmark watch',
      title_key: 'benchmark watch',
      description: 'A product for the benchmark.',
      category: 'Watches',
      price: 100_00,
      previous_price: null,
      condition: 'new',
      brand: 'Bench',
      dimensions: null,
      weight: 1,
      country_of_origin: null,
      keywords: '["watches"]',
      search_text: 'benchmark watch\nwatches',
      images: '[]',
      invoice_key: null,
      related_auction: null,
      created_at: at,
    })
    .execute();
  const sellerRow = await souq.database.db.selectFrom('users').selectAll().where('id', '=', seller!.id).executeTakeFirstOrThrow();
  const { id } = await souq.auctions.start(sellerRow, productId, { startingBid: 100, duration: '7d', closingStyle: 'sudden' });
  await souq.app.close();
  return { auctionId: id, sellerCookie: cookies[0]!, cookies: cookies.slice(1), bidderIds: crowd.map((c) => c.id) };
}
