import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { grantStaff } from './modules/accounts/staff.js';

/**
 * `npm run staff:grant -- <email>` (issue 31): the only way anyone becomes staff. It reads the same
 * environment as the server (DATA_DIR or DATABASE_URL), so it acts on the database the server uses.
 */
export async function staffGrant(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; message: string }> {
  const email = argv[0]?.trim();
  if (!email || argv.length !== 1) return { code: 2, message: 'Usage: npm run staff:grant -- <email>' };
  const config = loadConfig(env);
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, config.database.kind === 'postgres' ? config.database.schema : undefined);
    return (await grantStaff(database.db, email))
      ? { code: 0, message: `${email} is now Souq staff.` }
      : { code: 1, message: `No account has the email ${email}. Register it first, then run this again.` };
  } finally {
    await database.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  staffGrant(process.argv.slice(2), process.env).then(
    ({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    },
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
