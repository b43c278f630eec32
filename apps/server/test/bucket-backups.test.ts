import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/adapters/storage/s3-storage.js';
import type { FileStorage } from '../src/adapters/storage/index.js';
import { backupCommand } from '../src/backup-cli.js';
import type { S3Connection } from '../src/config.js';
import { createFakeClock } from '../src/lib/clock.js';
import { restoreCommand } from '../src/restore-cli.js';
import { envOf, freshTarget, targetState } from './backup-support.js';
import { createProduct, createUser, productRow } from './catalog-support.js';
import { startTestS3, type TestS3 } from './s3-server.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';

const HOUR = 3_600_000;
const JOB = 'backup.scheduled';
const BACKUPS = 'souq-backups';

/** The S3_* connection variables an operator sets for a backup bucket, with uploads left on disk. */
const connectionEnv = (c: S3Connection): NodeJS.ProcessEnv => ({
  S3_ENDPOINT: c.endpoint,
  S3_ACCESS_KEY_ID: c.credentials!.accessKeyId,
  S3_SECRET_ACCESS_KEY: c.credentials!.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

async function keysIn(bucket: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of bucket.list()) keys.push(file.key);
  return keys.sort();
}

/** Complete backups under a prefix: those whose manifest was uploaded. */
const completeUnder = (keys: string[], prefix: string) =>
  keys
    .filter((k) => k.startsWith(prefix) && k.endsWith('/manifest.json'))
    .map((k) => k.slice(prefix.length).split('/')[0]!);

async function productTitles(target: Awaited<ReturnType<typeof freshTarget>>): Promise<string[]> {
  const db = target.database;
  if (db.kind === 'sqlite') {
    const sqlite = new SQLite(db.file, { readonly: true });
    try {
      return (sqlite.prepare('select title from products').all() as { title: string }[]).map((r) => r.title);
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const schema = client.escapeIdentifier(db.schema ?? 'public');
    return (await client.query<{ title: string }>(`select title from ${schema}.products`)).rows.map((r) => r.title);
  } finally {
    await client.end();
  }
}

/**
 * BACKUP_S3_PREFIX: the server's scheduled backups go to a bucket (here one other than any
 * uploads bucket, with photos on disk copied into each backup), are pruned there, and `npm run
 * restore -- s3://…` brings one back after checking it, as from a directory.
 */
describe.each(DIALECTS)('backups kept in a bucket (%s)', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  let bucket: FileStorage;
  let connection: S3Connection;
  let productTitle: string;
  let photo: string;
  // Object times are the real clock's: the app's fake one starts now, so staleness compares them.
  const clock = createFakeClock(new Date());
  beforeAll(async () => {
    s3 = await startTestS3('souq-unused', [BACKUPS]);
    const { bucket: _unused, ...rest } = s3.config;
    connection = rest;
    bucket = createS3Storage({ ...connection, bucket: BACKUPS });
    t = await startTestApp(
      dialect,
      { s3Connection: connection, backup: { to: `s3://${BACKUPS}/site/`, everyMs: HOUR, keep: 2 } },
      { clock },
    );
    const product = await createProduct(t, await createUser(t));
    const row = (await productRow(t, product))!;
    productTitle = row.title;
    photo = `uploads/public/${(JSON.parse(row.images) as string[])[0]}.webp`;
  });
  afterAll(async () => {
    await t?.close();
    bucket?.close();
    await s3?.close();
  });

  it('takes a backup every period into the prefix, keeps the newest BACKUP_KEEP, and clears a stale half-upload', async () => {
    await t.jobs.runNow(JOB);
    const halfUploaded = 'site/souq-backup-2026-01-01T00-00-00-000Z-aaaaaa/database.sqlite';
    await bucket.put(halfUploaded, Buffer.from('cut off'));
    await bucket.put('site/README.txt', Buffer.from('the operator’s own note'));
    await bucket.put('elsewhere/souq-backup-2026-01-01T00-00-00-000Z-bbbbbb/manifest.json', Buffer.from('{}'));
    for (let i = 0; i < 3; i++) {
      clock.advance(HOUR);
      await t.jobs.runNow(JOB);
    }

    const keys = await keysIn(bucket);
    const kept = completeUnder(keys, 'site/');
    expect(kept).toHaveLength(2);
    expect(keys).not.toContain(halfUploaded);
    expect(keys).toContain('site/README.txt');
    expect(keys).toContain('elsewhere/souq-backup-2026-01-01T00-00-00-000Z-bbbbbb/manifest.json');
    // Uploads on disk are copied into each backup, beside the database copy.
    expect(keys).toContain(`site/${kept[1]}/files/${photo.slice('uploads/'.length)}`);
    const row = await t.database.db.selectFrom('backup_schedule').selectAll().executeTakeFirstOrThrow();
    expect(row.last_backup).toBe(`s3://${BACKUPS}/site/${kept[1]}`);
  });

  it('restores from the bucket location into an empty target, naming the location', async () => {
    const [, newest] = completeUnder(await keysIn(bucket), 'site/');
    const location = `s3://${BACKUPS}/site/${newest}`;
    const target = await freshTarget(t.config);
    try {
      const restored = await restoreCommand([location], { ...envOf(target), ...connectionEnv(connection) });
      expect(restored).toMatchObject({ code: 0 });
      expect(restored.message).toMatch(new RegExp(`^Restored ${location} \\(taken `));
      expect(await productTitles(target)).toContain(productTitle);
      if (dialect === 'sqlite') expect((await targetState(target)).files.join('\n')).toContain(photo);
    } finally {
      await target.drop();
    }
  });

  it('refuses a tampered, a missing or a half-uploaded backup in one line, leaving the target as it was', async () => {
    const [, newest] = completeUnder(await keysIn(bucket), 'site/');
    const env = (target: { dataDir: string }) => ({ ...envOf(target as never), ...connectionEnv(connection) });
    const target = await freshTarget(t.config);
    try {
      const before = await targetState(target);
      const database = dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump';
      const key = `site/${newest}/${database}`;
      const original = (await bucket.get(key))!;
      await bucket.put(
        key,
        Buffer.concat([original.subarray(0, original.length - 1), Buffer.from([original.at(-1)! ^ 1])]),
      );
      try {
        const tampered = await restoreCommand([`s3://${BACKUPS}/site/${newest}`], env(target));
        expect(tampered).toEqual({
          code: 1,
          message: `Backup s3://${BACKUPS}/site/${newest} is damaged: ${database} does not match its sha256 checksum`,
        });
      } finally {
        await bucket.put(key, original);
      }
      expect(await restoreCommand([`s3://${BACKUPS}/site/souq-backup-nothing`], env(target))).toEqual({
        code: 1,
        message: `No backup at s3://${BACKUPS}/site/souq-backup-nothing: give the location \`npm run backup\` printed`,
      });
      await bucket.put('site/souq-backup-half/database.sqlite', Buffer.from('cut off'));
      expect((await restoreCommand([`s3://${BACKUPS}/site/souq-backup-half`], env(target))).message).toMatch(
        /^s3:\/\/souq-backups\/site\/souq-backup-half is not a Souq backup: it has no manifest.json$/,
      );
      expect(await targetState(target)).toEqual(before);
    } finally {
      await target.drop();
    }
  });

  it('npm run backup -- --out s3://… prints the new backup’s location last, and names a bucket it cannot write to', async () => {
    const env = { ...envOf(t.config), ...connectionEnv(connection) };
    const made = await backupCommand(['--out', `s3://${BACKUPS}/by-hand`], env);
    expect(made.code).toBe(0);
    const location = made.lines.at(-1)!;
    expect(location).toMatch(new RegExp(`^s3://${BACKUPS}/by-hand/souq-backup-`));
    expect(completeUnder(await keysIn(bucket), 'by-hand/')).toEqual([location.split('/').at(-1)]);

    const refused = await backupCommand(['--out', 's3://no-such-bucket/x/'], env);
    expect(refused.code).toBe(1);
    expect(refused.lines).toEqual([expect.stringMatching(/^Cannot write backups to s3:\/\/no-such-bucket\/x\/: /)]);
    const beside = await backupCommand(['--out', 's3://souq-unused/backups/'], { ...env, S3_BUCKET: 'souq-unused' });
    expect(beside).toEqual({
      code: 1,
      lines: ['s3://souq-unused/backups/ is in the uploads bucket (S3_BUCKET): back up into another bucket'],
    });
  });
});
