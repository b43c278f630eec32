import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError, oneLine } from './backup-error.js';

const run = promisify(execFile);
/** pg_restore writes a whole table's rows to stdout when asked for them. */
const MAX_OUTPUT = 256 * 1024 * 1024;

export interface PostgresTarget {
  url: string;
  /** DATABASE_SCHEMA, or `public` when unset. */
  schema: string;
}

/**
 * The tools take the address without its password, which goes in PGPASSWORD: an argument is
 * visible to every user of the machine (`ps`), the environment is not.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(name, args, { env, maxBuffer: MAX_OUTPUT, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(
        `${name} is not installed: install PostgreSQL's client tools (apt-get install -y postgresql-client)`,
      );
    throw new BackupError(`${name} failed: ${oneLine(e.stderr || e.message)}`);
  }
}

/** pg_dump in its custom format: one snapshot (a repeatable-read transaction) while the server keeps writing. */
export async function dumpPostgres(target: PostgresTarget, into: string): Promise<void> {
  const { dbname, env } = connection(target.url);
  await tool('pg_dump', ['--format=custom', `--schema=${target.schema}`, `--file=${into}`, `--dbname=${dbname}`], env);
}

/** The migrations applied in a dump, read from its copy of the migrations table; nothing is written. */
export async function dumpedMigrations(file: string, schema: string): Promise<string[]> {
  const sqlText = await tool('pg_restore', [
    '--data-only',
    `--schema=${schema}`,
    '--table=kysely_migration',
    '--file=-',
    file,
  ]);
  const rows: string[] = [];
  let inCopy = false;
  for (const line of sqlText.split('\n')) {
    if (line.startsWith('COPY ') && line.includes('kysely_migration')) inCopy = true;
    else if (inCopy && line === '\\.') inCopy = false;
    else if (inCopy) rows.push(line.split('\t')[0]!);
  }
  if (!rows.length) throw new BackupError(`${file} holds no Souq database: it has no migrations in schema ${schema}`);
  return rows.sort();
}

/**
 * Restores the dump in one transaction: psql runs `before` (empty the schema, make the
 * extensions), the dump's statements and `after` inside a single BEGIN/COMMIT, so a failure
 * anywhere, a --force replacement included, leaves the target as it was. The dump's own CREATE
 * SCHEMA is left out: `before` makes the schema, which may be `public`, and only a database's owner
 * may drop that one.
 */
export async function restorePostgres(
  target: PostgresTarget,
  file: string,
  before: string,
  after: string,
): Promise<void> {
  const toc = await tool('pg_restore', ['--list', file]);
  const withoutSchema = toc
    .split('\n')
    .filter((line) => !/^\d+; \d+ \d+ (SCHEMA - |COMMENT - SCHEMA )/.test(line))
    .join('\n');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-restore-'));
  try {
    const list = path.join(dir, 'toc.list');
    await fs.writeFile(list, withoutSchema);
    const { dbname, env } = connection(target.url);
    const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', `--use-list=${list}`, '--file=-', file], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const psql = spawn(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        '--set=VERBOSITY=terse',
        `--dbname=${dbname}`,
        `--command=${before}`,
        '--file=-',
        `--command=${after}`,
      ],
      // Notices ("drop cascades to …") would bury the one error worth reporting.
      { env: { ...env, PGOPTIONS: '-c client_min_messages=warning' }, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    // psql commits when its input ends, so it never sees the end of a dump pg_restore failed to
    // read whole: it is killed instead, and the server rolls its transaction back.
    restore.stdout.pipe(psql.stdin, { end: false });
    psql.stdin.on('error', () => {}); // psql stopped at an error: its own message says which
    let unreadable = false;
    restore.once('close', (code) => {
      unreadable = code !== 0;
      if (unreadable) psql.kill('SIGKILL');
      else psql.stdin.end();
    });
    const [dumped, loaded] = await Promise.all([finished(restore, 'pg_restore'), finished(psql, 'psql')]);
    // When psql stops first, pg_restore only reports a broken pipe: psql's message says why.
    if (dumped && (unreadable || !loaded)) throw new BackupError(`pg_restore failed, nothing changed: ${dumped}`);
    if (loaded) throw new BackupError(`Restore into PostgreSQL failed, nothing changed: ${loaded}`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Waits for a tool; resolves with its error as one line, or undefined when it succeeded. */
function finished(child: ChildProcess, name: string): Promise<string | undefined> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ENOENT'
          ? `${name} is not installed: install PostgreSQL's client tools (apt-get install -y postgresql-client)`
          : oneLine(error),
      ),
    );
    child.once('close', (code) => resolve(code === 0 ? undefined : oneLine(stderr || `${name} exited with ${code}`)));
  });
}
