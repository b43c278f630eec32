import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../src/backup/create-backup.js';
import { MANIFEST_FILE, type Manifest } from '../src/backup/manifest.js';
import { restoreCommand } from '../src/restore-cli.js';
import { envOf, freshTarget, targetState } from './backup-support.js';
import { createProduct, createUser, productRow } from './catalog-support.js';
import { startTestS3, type TestS3 } from './s3-server.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';

/** The S3_* variables that point at the test bucket, as an operator would set them. */
const s3Env = (s3: TestS3): NodeJS.ProcessEnv => ({
  S3_BUCKET: s3.config.bucket,
  S3_ENDPOINT: s3.config.endpoint,
  S3_REGION: s3.config.region,
  S3_ACCESS_KEY_ID: s3.config.credentials!.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.config.credentials!.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

/**
 * With S3_BUCKET the bucket keeps the files: a backup lists its keys (taken after the database
 * copy, so every file a row names is among them), and a restore refuses a bucket that lacks any.
 */
describe.each(DIALECTS)('backups with files on S3 (%s)', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  let scratch: string;
  let backup: string;
  let keys: string[];
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await startTestApp(dialect, { s3: s3.config });
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-s3-backups-'));
    const product = await createProduct(t, await createUser(t));
    keys = (JSON.parse((await productRow(t, product))!.images) as string[]).map((k) => `public/${k}.webp`);
    backup = await createBackup(t.config, scratch);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('lists the bucket keys instead of copying the files, and restores with the bucket as it is', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(backup, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest.storage).toEqual({ kind: 's3', bucket: s3.config.bucket, keys: 's3-keys.json' });
    expect(fs.existsSync(path.join(backup, 'files'))).toBe(false);
    const listed = JSON.parse(fs.readFileSync(path.join(backup, 's3-keys.json'), 'utf8')) as string[];
    for (const key of keys) expect(listed).toContain(key);

    const target = await freshTarget(t.config);
    try {
      const restored = await restoreCommand([backup], { ...envOf(target), ...s3Env(s3) });
      expect(restored).toMatchObject({ code: 0, message: expect.stringMatching(/^Restored /) });
      const disk = await freshTarget(t.config);
      const onDisk = await restoreCommand([backup], envOf(disk)).finally(() => disk.drop());
      expect(onDisk.message).toMatch(/lists files in bucket "souq-test": set S3_BUCKET/);
    } finally {
      await target.drop();
    }
  });

  it('refuses a bucket that lacks a file it held at the backup, naming it, and leaves the target as it was', async () => {
    const target = await freshTarget(t.config);
    try {
      await t.storage.delete(keys[0]!);
      const before = await targetState(target);
      const refused = await restoreCommand([backup], { ...envOf(target), ...s3Env(s3) });
      expect(refused.code).toBe(1);
      expect(refused.message).toMatch(
        new RegExp(
          `^Bucket "souq-test" lacks 1 of the \\d+ files it held when the backup was taken \\(first: ${keys[0]}\\)`,
        ),
      );
      expect(await targetState(target)).toEqual(before);
    } finally {
      await target.drop();
    }
  });
});
