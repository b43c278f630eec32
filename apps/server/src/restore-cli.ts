import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError, oneLine } from './backup/backup-error.js';
import { restoreBackup } from './backup/restore-backup.js';
import { loadConfig } from './config.js';

const USAGE = 'Usage: npm run restore -- <backup directory> [--force]';

/**
 * `npm run restore -- <backup> [--force]`: puts a backup back into the database and storage the
 * environment names. Run it with the server stopped. Every failure is one line and leaves the
 * target as it was; a target that holds data is replaced only with --force.
 */
export async function restoreCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; message: string }> {
  const force = argv.includes('--force');
  const rest = argv.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('--')) return { code: 2, message: USAGE };
  try {
    return { code: 0, message: await restoreBackup(loadConfig(env), path.resolve(rest[0]!), { force }) };
  } catch (error) {
    return {
      code: 1,
      message: oneLine(error instanceof BackupError ? error.message : `Restore failed: ${oneLine(error)}`),
    };
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void restoreCommand(process.argv.slice(2), process.env).then(({ code, message }) => {
    (code === 0 ? console.log : console.error)(message);
    process.exit(code);
  });
}
