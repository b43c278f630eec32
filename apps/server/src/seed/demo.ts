import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { AccountsService } from '../modules/accounts/service.js';
import type { AuctionsService } from '../modules/auctions/service.js';
import type { CatalogService } from '../modules/catalog/service.js';
import type { Clips } from '../modules/streams/clips.js';
import type { StreamsService } from '../modules/streams/service.js';
import { seedDemoAuctions } from './demo-auctions.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoShows } from './demo-shows.js';

/**
 * README lists these accounts; they exist only when SEED_DEMO is on and the database is empty.
 * khalid sells nothing: he is the second bidder the demo auctions need beside the other seller.
 */
const DEMO_USERS = [
  { email: 'amira@souq.test', username: 'amira', phone: '971501234567', password: 'souq-demo', verified: true },
  { email: 'omar@souq.test', username: 'omar', phone: '971507654321', password: 'souq-demo', verified: true },
  { email: 'layla@souq.test', username: 'layla', phone: '971509998877', password: 'souq-demo', verified: false },
  { email: 'khalid@souq.test', username: 'khalid', phone: '971505551234', password: 'souq-demo', verified: true },
] as const;

export async function seedDemoData(deps: {
  accounts: AccountsService;
  catalog: CatalogService;
  auctions: AuctionsService;
  streams: StreamsService & { clips: Clips };
  db: Kysely<DB>;
  /** The server's clock: the demo auctions end hours and days after the first start. */
  clock: Clock;
  log: { info(msg: string): void };
}): Promise<void> {
  if ((await deps.accounts.countUsers()) > 0) return;
  const created: Record<string, UserRow> = {};
  for (const user of DEMO_USERS) {
    try {
      created[user.username] = await deps.accounts.createAccountDirectly(user);
    } catch (error) {
      // Another instance starting at the same moment seeded first; theirs is as good as ours.
      if ((error as { code?: string }).code === 'CONFLICT') return;
      throw error;
    }
  }
  const people = { amira: created.amira!, omar: created.omar!, khalid: created.khalid! };
  const products = await seedDemoCatalog(deps.catalog, people);
  const auctions = await seedDemoAuctions(deps, people);
  const shows = await seedDemoShows(deps, people);
  deps.log.info(
    `seeded demo accounts (${DEMO_USERS.map((u) => u.email).join(', ')}), ${products} products, ${auctions} open auctions and ${shows} live shows`,
  );
}
