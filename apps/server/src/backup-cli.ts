import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError, oneLine } from './backup/backup-error.js';
import { shelfAt } from './backup/shelves.js';
import { loadConfig } from './config.js';
import { isBucketLocation } from './lib/bucket-location.js';

const USAGE = 'Usage: npm run backup -- --out <dir or s3://bucket/prefix/>';

/**
 * `npm run backup -- --out <dir or s3://bucket/prefix/>`: one consistent backup of the database and
 * stored files the server's environment names (DATA_DIR or DATABASE_URL, as staff:grant reads
 * them), taken while it serves, into a directory or a bucket (reached with the S3_* settings). The
 * backup's location is the last line printed, for scripts.
 */
export async function backupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; lines: string[] }> {
  const at = argv.indexOf('--out');
  const out = at >= 0 ? argv[at + 1] : undefined;
  if (!out || out.startsWith('--') || argv.length !== 2) return { code: 2, lines: [USAGE] };
  try {
    const config = loadConfig(env, { bucketNamed: isBucketLocation(out) });
    const where =
      config.database.kind === 'sqlite' ? config.database.file : 'the PostgreSQL database DATABASE_URL names';
    const shelf = shelfAt(out, config);
    const made = await shelf.take(config).finally(() => shelf.close());
    return { code: 0, lines: [`Backed up ${where} and its ${config.s3 ? 'bucket keys' : 'stored files'} to:`, made] };
  } catch (error) {
    return { code: 1, lines: [error instanceof BackupError ? error.message : `Backup failed: ${oneLine(error)}`] };
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void backupCommand(process.argv.slice(2), process.env).then(({ code, lines }) => {
    for (const line of lines) (code === 0 ? console.log : console.error)(oneLine(line) || line);
    process.exit(code);
  });
}
