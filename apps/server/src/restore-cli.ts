import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError, oneLine } from './backup/backup-error.js';
import { restoreBackup } from './backup/restore-backup.js';
import { fetchBackup } from './backup/shelves.js';
import { loadConfig } from './config.js';
import { isBucketLocation } from './lib/bucket-location.js';

const USAGE = 'Usage: npm run restore -- <backup directory or s3://bucket/prefix/name> [--force]';

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
  const location = rest[0]!;
  // A backup in a bucket is downloaded first; what is said names the location given, not the download.
  let shownAs = (text: string) => text;
  try {
    const config = loadConfig(env, { bucketNamed: isBucketLocation(location) });
    const fetched = await fetchBackup(location, config);
    if (fetched.dir !== path.resolve(location)) shownAs = (text) => text.replaceAll(fetched.dir, location);
    try {
      return { code: 0, message: shownAs(await restoreBackup(config, fetched.dir, { force })) };
    } finally {
      await fetched.discard();
    }
  } catch (error) {
    return {
      code: 1,
      message: shownAs(oneLine(error instanceof BackupError ? error.message : `Restore failed: ${oneLine(error)}`)),
    };
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void restoreCommand(process.argv.slice(2), process.env).then(({ code, message }) => {
    (code === 0 ? console.log : console.error)(message);
    process.exit(code);
  });
}
