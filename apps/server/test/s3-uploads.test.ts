import crypto from 'node:crypto';
import { MSG } from '@souq/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/adapters/storage/s3-storage.js';
import { StorageUnavailableError, type FileStorage } from '../src/adapters/storage/index.js';
import { buildApp } from '../src/app.js';
import { ConfigError } from '../src/config.js';
import { createFakeClock, type FakeClock } from '../src/lib/clock.js';
import {
  PDF,
  VALID_PRODUCT,
  call,
  countOf,
  createProduct,
  createUser,
  imageParts,
  productForm,
  productRow,
  testImage,
  uploadedFiles,
  type TestUser,
} from './catalog-support.js';
import { startTestS3, type TestS3 } from './s3-server.js';
import { DIALECTS, startSiblingApp, startTestApp, testConfig, type TestApp } from './support.js';

const invoicePart = { field: 'invoice', data: PDF, filename: 'invoice.pdf', type: 'application/pdf' };
const unavailable = { error: { code: 'SERVICE_UNAVAILABLE', message: MSG.storageUnavailable } };

async function keysIn(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

/** The bucket as it is, except that writes fail from the `n`-th on: S3 going away in the middle of an upload. */
function failingFrom(storage: FileStorage, n: number): FileStorage {
  let puts = 0;
  return {
    ...storage,
    async put(key, data) {
      if (++puts >= n) throw new StorageUnavailableError(new Error('InternalError: We encountered an internal error'));
      return storage.put(key, data);
    },
  };
}

/** Issue 27: with S3_BUCKET set, every upload lives in the bucket and the app behaves exactly as on disk. */
describe.each(DIALECTS)('uploads on S3 (%s)', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  let clock: FakeClock;
  let bucket: FileStorage;
  let seller: TestUser;
  beforeAll(async () => {
    s3 = await startTestS3();
    clock = createFakeClock();
    t = await startTestApp(dialect, { s3: s3.config }, { clock });
    bucket = createS3Storage(s3.config);
    seller = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    bucket.close();
    await s3.close();
  });

  it('stores photos and the invoice in the bucket, nothing on the disk, and serves them at the same URLs as before', async () => {
    const before = await keysIn(bucket);
    const id = await createProduct(t, seller, {}, [...(await imageParts(2)), invoicePart]);
    const added = (await keysIn(bucket)).filter((k) => !before.includes(k));
    expect(added).toHaveLength(5);
    expect(uploadedFiles(t)).toEqual([]);

    const detail = (await call(t, 'GET', `/api/products/${id}`, { user: seller })).json() as {
      images: Array<{ url: string; thumb: string }>;
      invoiceUrl: string;
    };
    for (const { url, thumb } of detail.images) {
      for (const address of [url, thumb]) {
        expect(address).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}(-thumb)?\.webp$/);
        const res = await t.app.inject({ method: 'GET', url: address });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.equals((await bucket.get(`public/${address.slice('/uploads/'.length)}`))!)).toBe(true);
      }
    }

    const invoiceKey = (await productRow(t, id))!.invoice_key!;
    expect(added).toContain(invoiceKey);
    const invoice = await call(t, 'GET', detail.invoiceUrl, { user: seller });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.rawPayload.equals(PDF)).toBe(true);
    expect((await call(t, 'GET', detail.invoiceUrl, { user: await createUser(t) })).statusCode).toBe(403);
    const privateAsPublic = await t.app.inject({ method: 'GET', url: `/uploads/../${invoiceKey}` });
    expect(privateAsPublic.statusCode).toBe(404);
    expect(privateAsPublic.body).not.toContain('%PDF');
  });

  it('stores a profile photo in the bucket and removes the one it replaces', async () => {
    const me = await createUser(t);
    const photo = async () =>
      productForm({}, [{ field: 'photo', data: await testImage('jpeg'), filename: 'me.jpg', type: 'image/jpeg' }]);
    const first = (await call(t, 'POST', '/api/me/photo', { user: me, form: await photo() })).json() as {
      profilePic: string;
    };
    const second = (await call(t, 'POST', '/api/me/photo', { user: me, form: await photo() })).json() as {
      profilePic: string;
    };
    const keys = await keysIn(bucket);
    const stored = (url: string) => `public/${url.slice('/uploads/'.length)}`;
    expect(keys).not.toContain(stored(first.profilePic));
    expect(keys).toContain(stored(second.profilePic));
    expect((await t.app.inject({ method: 'GET', url: second.profilePic })).statusCode).toBe(200);
  });

  it('answers 503 when S3 fails in the middle of an upload, keeping no row and no object', async () => {
    const sibling = await startSiblingApp(t, {}, { storage: failingFrom(createS3Storage(s3.config), 3), clock });
    try {
      const [objects, products] = [await keysIn(bucket), await countOf(t, 'products')];
      const res = await call(sibling as TestApp, 'POST', '/api/products', {
        user: seller,
        form: productForm({ ...VALID_PRODUCT, title: 'Half stored?' }, await imageParts(2)),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(await countOf(t, 'products')).toBe(products);
      expect(await keysIn(bucket)).toEqual(objects);
    } finally {
      await sibling.close();
    }
  });

  it('answers 503 while the bucket cannot be reached at all, and takes uploads again once it is back', async () => {
    const [objects, products] = [await keysIn(bucket), await countOf(t, 'products')];
    await s3.stop();
    try {
      const res = await call(t, 'POST', '/api/products', {
        user: seller,
        form: productForm({ ...VALID_PRODUCT, title: 'While S3 is down' }, await imageParts(1)),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(
        (await t.app.inject({ method: 'GET', url: `/uploads/products/${crypto.randomUUID()}.webp` })).statusCode,
      ).toBe(503);
    } finally {
      await s3.restart();
    }
    expect(await countOf(t, 'products')).toBe(products);
    expect(await keysIn(bucket)).toEqual(objects);
    await createProduct(t, seller);
  });

  it('sweeps objects no row names once they are an hour old, and keeps every object a row names', async () => {
    await createProduct(t, seller, {}, [...(await imageParts(1)), invoicePart]);
    const referenced = await keysIn(bucket);
    // What a crash between storing the photos and saving the row leaves: whole objects, never half ones.
    const orphans = [`public/products/${crypto.randomUUID()}.webp`, `private/invoices/${crypto.randomUUID()}.pdf`];
    for (const key of orphans) await bucket.put(key, Buffer.from('left by a crash'));

    await t.jobs.runNow('uploads.sweep-orphans');
    expect(await keysIn(bucket)).toEqual([...referenced, ...orphans].sort());

    clock.advance(2 * 3600_000);
    await t.jobs.runNow('uploads.sweep-orphans');
    expect(await keysIn(bucket)).toEqual(referenced);
  });
});

describe('start-up with a bucket it cannot use', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.close());

  const start = (s3Config: TestS3['config']) =>
    buildApp(
      testConfig(
        {
          dataDir: '/nonexistent/souq-should-not-be-created',
          database: { kind: 'sqlite', file: '/nonexistent/souq.db' },
        },
        { s3: s3Config },
      ),
    );

  it('refuses a bucket that does not exist, naming S3_BUCKET, before opening the database', async () => {
    const failure = start({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(failure).rejects.toBeInstanceOf(ConfigError);
    await expect(failure).rejects.toThrow(/S3_BUCKET: cannot use bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+/);
  });

  it('refuses an endpoint nobody answers at, naming S3_BUCKET', async () => {
    await expect(start({ ...s3.config, endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(
      /S3_BUCKET: cannot use bucket "souq-test" at http:\/\/127\.0\.0\.1:9 \(.*ECONNREFUSED.*\)/,
    );
  });
});
