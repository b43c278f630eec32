import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  call,
  createProduct,
  createUser,
  imageParts,
  productForm,
  testImage,
  uploadedFiles,
  type TestUser,
} from './catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3600_000);

/** Makes a file look as old as a crash two hours ago would have left it. */
function age(file: string): void {
  fs.utimesSync(file, TWO_HOURS_AGO, TWO_HOURS_AGO);
}

function plant(file: string, data: Buffer | string = 'half-written'): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return file;
}

/** Issue 7, item 5: what a crash leaves behind is removed once it is an hour old, and nothing else is. */
describe.each(DIALECTS)('the orphan upload sweep (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    seller = await createUser(t);
  });
  afterAll(() => t.close());

  const uploads = (rel: string) => path.join(t.config.dataDir, 'uploads', rel);

  it('removes old unreferenced and half-written files, and keeps every file a row names and every young file', async () => {
    await createProduct(t, seller, {}, [
      ...(await imageParts(2)),
      { field: 'invoice', data: PDF, filename: 'invoice.pdf', type: 'application/pdf' },
    ]);
    const photo = productForm({}, [
      { field: 'photo', data: await testImage('jpeg'), filename: 'me.jpg', type: 'image/jpeg' },
    ]);
    expect((await call(t, 'POST', '/api/me/photo', { user: seller, form: photo })).statusCode).toBe(200);
    const referenced = uploadedFiles(t);
    expect(referenced).toHaveLength(7);

    const orphan = crypto.randomUUID();
    const orphans = [
      plant(uploads(`public/products/${orphan}.webp`)),
      plant(uploads(`public/products/${orphan}-thumb.webp`)),
      plant(uploads(`public/avatars/${orphan}-thumb.webp.1a2b3c4d.tmp`)),
      plant(uploads(`private/invoices/${orphan}.pdf`)),
      plant(path.join(t.config.dataDir, 'tmp', 'uploads', `${orphan}.tmp`)),
      plant(path.join(t.config.dataDir, 'outbox', `.${orphan}.eml.tmp`)),
    ];
    const young = [
      plant(uploads(`public/products/${crypto.randomUUID()}.webp`)),
      plant(path.join(t.config.dataDir, 'tmp', 'uploads', `${crypto.randomUUID()}.tmp`)),
    ];
    for (const file of [...orphans, ...referenced.map(uploads)]) age(file);

    await t.jobs.runNow('uploads.sweep-orphans');

    for (const file of orphans) expect(fs.existsSync(file), file).toBe(false);
    for (const file of young) expect(fs.existsSync(file), file).toBe(true);
    expect(uploadedFiles(t)).toEqual(
      [
        ...referenced,
        ...young.filter((f) => f.includes('/uploads/public/')).map((f) => path.relative(uploads(''), f)),
      ].sort(),
    );
  });
});
