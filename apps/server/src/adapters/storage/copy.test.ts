import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.js';
import { exited, spawnTsx } from '../../../test/support.js';
import { createS3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

async function keysIn(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

/** Issue 27: `npm run storage:copy` moves a single-machine shop's files into the bucket, and can be run again. */
describe('npm run storage:copy', () => {
  let s3: TestS3;
  let bucket: FileStorage;
  let dataDir: string;
  const files: Record<string, string> = {
    [`public/products/${crypto.randomUUID()}.webp`]: 'large',
    [`public/products/${crypto.randomUUID()}-thumb.webp`]: 'thumb',
    [`private/invoices/${crypto.randomUUID()}.pdf`]: '%PDF-1.4',
  };
  const halfWritten = `public/avatars/${crypto.randomUUID()}-thumb.webp.1a2b3c4d.tmp`;

  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = createS3Storage(s3.config);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-copy-'));
    for (const [key, data] of Object.entries({ ...files, [halfWritten]: 'half' })) {
      const file = path.join(dataDir, 'uploads', key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, data);
    }
  });
  afterAll(async () => {
    bucket.close();
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (env: Record<string, string> = {}) =>
    exited(
      spawnTsx('apps/server/src/storage-copy.ts', [], {
        DATA_DIR: dataDir,
        S3_BUCKET: s3.config.bucket,
        S3_ENDPOINT: s3.config.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: s3.config.credentials!.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.credentials!.secretAccessKey,
        ...env,
      }),
    );

  it('copies every whole file, byte for byte, leaves the folder as it was, and copies nothing the second time', async () => {
    const first = await run();
    expect(first, first.stderr).toMatchObject({ code: 0 });
    expect(first.stdout).toContain(
      'done: 3 copied, 0 already in the bucket, 1 half-written temporary files left behind',
    );
    expect(await keysIn(bucket)).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files)) expect((await bucket.get(key))?.toString()).toBe(data);
    expect(fs.existsSync(path.join(dataDir, 'uploads', halfWritten))).toBe(true);

    const second = await run();
    expect(second, second.stderr).toMatchObject({ code: 0 });
    expect(second.stdout).toContain('done: 0 copied, 3 already in the bucket');
    expect(await keysIn(bucket)).toEqual(Object.keys(files).sort());
  });

  it('exits 1 naming S3_BUCKET when there is no bucket to copy to, or it cannot be reached', async () => {
    const unset = await run({ S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('S3_BUCKET: set it');
    const missing = await run({ S3_BUCKET: 'no-such-bucket' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('S3_BUCKET: cannot use bucket "no-such-bucket"');
  });
});
