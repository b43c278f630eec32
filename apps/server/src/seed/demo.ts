import type { UserRow } from '../db/schema.js';
import type { AccountsService } from '../modules/accounts/service.js';
import type { CatalogService } from '../modules/catalog/service.js';
import { seedDemoCatalog } from './demo-catalog.js';

/** README lists these accounts; they exist only when SEED_DEMO is on and the database is empty. */
const DEMO_USERS = [
  { email: 'amira@souq.test', username: 'amira', phone: '971501234567', password: 'souq-demo', verified: true },
  { email: 'omar@souq.test', username: 'omar', phone: '971507654321', password: 'souq-demo', verified: true },
  { email: 'layla@souq.test', username: 'layla', phone: '971509998877', password: 'souq-demo', verified: false },
] as const;

export async function seedDemoData(deps: {
  accounts: AccountsService;
  catalog: CatalogService;
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
  const products = await seedDemoCatalog(deps.catalog, { amira: created.amira!, omar: created.omar! });
  deps.log.info(`seeded demo accounts (${DEMO_USERS.map((u) => u.email).join(', ')}) and ${products} products`);
}
