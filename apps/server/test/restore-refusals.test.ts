import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../src/backup/create-backup.js';
import { MANIFEST_FILE, filesUnder, writeManifest, type Manifest } from '../src/backup/manifest.js';
import { restoreCommand } from '../src/restore-cli.js';
import { copyOfBackup, envOf, freshTarget, targetState } from './backup-support.js';
import { createProduct, createUser } from './catalog-support.js';
import { DIALECTS, exited, spawnTsx, startTestApp, type TestApp } from './support.js';

const FUTURE = '2099-01-01-999-from-a-newer-souq';

/** Rewrites a spoiled backup's checksums, as someone hiding the damage would: the database check must still catch it. */
async function reseal(dir: string): Promise<void> {
  const {
    files: _files,
    format: _format,
    version: _version,
    ...fields
  } = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  fs.rmSync(path.join(dir, MANIFEST_FILE));
  await writeManifest(dir, fields);
}

/**
 * `npm run restore` refuses what it cannot restore whole (issue: "Backups and restore"): each
 * refusal is one line, a non-zero exit, and a target exactly as it was.
 */
describe.each(DIALECTS)('restore refusals (%s)', (dialect) => {
  let source: TestApp;
  let scratch: string;
  let backup: string;
  let fromTheFuture: string;
  let empty: Awaited<ReturnType<typeof freshTarget>>;
  let occupied: Awaited<ReturnType<typeof freshTarget>>;
  beforeAll(async () => {
    source = await startTestApp(dialect);
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-refusals-'));
    await createProduct(source, await createUser(source));
    backup = await createBackup(source.config, scratch);
    // The source as newer code would have left it: one migration this code has never heard of.
    await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(
      source.database.db,
    );
    fromTheFuture = await createBackup(source.config, scratch);
    await sql`delete from kysely_migration where name = ${FUTURE}`.execute(source.database.db);
    [empty, occupied] = await Promise.all([freshTarget(source.config), freshTarget(source.config)]);
    expect((await restoreCommand([backup], envOf(occupied))).code).toBe(0);
  });
  afterAll(async () => {
    await Promise.all([empty?.drop(), occupied?.drop()]);
    await source?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  async function expectRefused(target: typeof empty, args: string[], message: RegExp): Promise<void> {
    const before = await targetState(target);
    const result = await restoreCommand(args, envOf(target));
    expect(result.code).toBe(1);
    expect(result.message).toMatch(message);
    expect(result.message).not.toContain('\n');
    expect(await targetState(target)).toEqual(before);
  }

  it('refuses a backup that is not there, or a directory that is not a backup', async () => {
    await expectRefused(empty, [path.join(scratch, 'no-such-backup')], /^No backup at .*no-such-backup/);
    const notOne = fs.mkdtempSync(path.join(scratch, 'not-a-backup-'));
    await expectRefused(empty, [notOne], /is not a Souq backup: it has no manifest\.json$/);
  });

  it('refuses a truncated database copy', async () => {
    const spoiled = copyOfBackup(backup, scratch);
    const manifest = JSON.parse(fs.readFileSync(path.join(spoiled, MANIFEST_FILE), 'utf8')) as Manifest;
    const file = path.join(spoiled, manifest.database);
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    await expectRefused(empty, [spoiled], /is damaged: database\.\w+ has \d+ bytes, the manifest says \d+ \(truncated/);
  });

  it('refuses a tampered photo', async () => {
    const spoiled = copyOfBackup(backup, scratch);
    const photo = (await filesUnder(path.join(spoiled, 'files'))).find((f) => f.endsWith('.webp'))!;
    const full = path.join(spoiled, 'files', photo);
    const bytes = fs.readFileSync(full);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    fs.writeFileSync(full, bytes);
    await expectRefused(empty, [spoiled], /is damaged: files\/public\/.+\.webp does not match its sha256 checksum$/);
  });

  it('refuses a damaged database copy even when its checksums were rewritten to match', async () => {
    const spoiled = copyOfBackup(backup, scratch);
    const manifest = JSON.parse(fs.readFileSync(path.join(spoiled, MANIFEST_FILE), 'utf8')) as Manifest;
    const file = path.join(spoiled, manifest.database);
    const bytes = fs.readFileSync(file);
    // Past the header (SQLite's first page, pg_dump's table of contents): rows and b-tree pages.
    bytes.fill(0x5a, Math.floor(bytes.length * 0.3), Math.floor(bytes.length * 0.9));
    fs.writeFileSync(file, bytes);
    await reseal(spoiled);
    await expectRefused(
      empty,
      [spoiled],
      dialect === 'sqlite' ? /fails PRAGMA integrity_check|is not a readable SQLite database/ : /^pg_restore failed: /,
    );
  });

  it('refuses a backup from a newer migration level, naming it', async () => {
    await expectRefused(empty, [fromTheFuture], new RegExp(`is at migration ${FUTURE}, newer than this Souq knows`));
  });

  it('refuses a target that is not empty unless --force, and says so; --force replaces it', async () => {
    await expectRefused(
      occupied,
      [backup],
      /^The target is not empty \(.+\): restore into an empty one, or add --force/,
    );
    const forced = await restoreCommand([backup, '--force'], envOf(occupied));
    expect(forced).toMatchObject({ code: 0, message: expect.stringMatching(/^Restored /) });
  });

  // SQLite's --force is a few renames after everything is staged; PostgreSQL's is one transaction.
  // Registered for PostgreSQL only, not skipped on SQLite: CI runs with nothing skipped.
  if (dialect === 'postgres')
    it('a --force restore that fails part-way changes nothing: the drop and the load are one transaction', async () => {
      const spoiled = copyOfBackup(backup, scratch);
      const manifest = JSON.parse(fs.readFileSync(path.join(spoiled, MANIFEST_FILE), 'utf8')) as Manifest;
      manifest.extensions = [...(manifest.extensions ?? []), { name: 'no_such_extension', schema: 'public' }];
      fs.writeFileSync(path.join(spoiled, MANIFEST_FILE), JSON.stringify(manifest));
      await reseal(spoiled);
      await expectRefused(
        occupied,
        [spoiled, '--force'],
        /^Restore into PostgreSQL failed, nothing changed: .*no_such_extension/,
      );
    });

  it('from the command line: a refusal is one line on stderr and a non-zero exit; a backup prints its path last', async () => {
    const spoiled = copyOfBackup(backup, scratch);
    fs.rmSync(path.join(spoiled, 'files'), { recursive: true });
    const before = await targetState(empty);
    const refused = await exited(spawnTsx('apps/server/src/restore-cli.ts', [spoiled], envOf(empty)));
    expect(refused.code).toBe(1);
    expect(refused.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/is incomplete: files\/.+ is missing$/),
    ]);
    expect(await targetState(empty)).toEqual(before);

    const made = await exited(spawnTsx('apps/server/src/backup-cli.ts', ['--out', scratch], envOf(source.config)));
    expect(made.code, made.stderr).toBe(0);
    const last = made.stdout.trimEnd().split('\n').at(-1)!;
    expect(fs.existsSync(path.join(last, MANIFEST_FILE))).toBe(true);
  }, 30_000);
});
