import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@souq/shared';
import { DELIVER, makeStaff, moveLine, placeOrder } from '../../../test/aftersale-support.js';
import {
  call,
  createUser,
  insertProduct,
  productForm,
  testImage,
  uploadedFiles,
  type TestUser,
} from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';

/** A problem's photos are evidence between its buyer, its seller and staff (design, "Private files"). */
describe.each(DIALECTS)("a problem's photos (%s)", (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, buyer, other, staff] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    await makeStaff(t, staff.id);
  });
  afterAll(() => t.close());

  const openWithPhoto = async (title: string): Promise<Problem> => {
    const order = await placeOrder(t, buyer, [await insertProduct(t, seller.id, { title })]);
    const lineId = order.lines[0]!.id;
    await moveLine(t, seller, lineId, DELIVER);
    const photo = { field: 'photos', data: await testImage('png'), filename: 'p.png' };
    const res = await call(t, 'POST', `/api/order-lines/${lineId}/problem`, {
      user: buyer,
      form: productForm({ kind: 'not_as_described', text: 'Torn on arrival.' }, [photo]),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as Problem;
  };
  const photoAs = (url: string, user: TestUser | null) => call(t, 'GET', url, { user });

  /** Who may see `url`: buyer, seller and staff get the WebP; another person 404, a visitor 401. */
  const expectOnlyTheParties = async (url: string) => {
    for (const who of [buyer, seller, staff]) {
      const res = await photoAs(url, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect((await photoAs(url, other)).statusCode).toBe(404);
    expect((await photoAs(url, null)).statusCode).toBe(401);
  };

  it('are served by the API to the buyer, the seller and staff only, and never stored where /uploads reaches', async () => {
    const problem = await openWithPhoto('Abaya');
    expect(problem.photos).toEqual([`/api/problems/${problem.id}/photos/0`]);
    await expectOnlyTheParties(problem.photos[0]!);
    expect((await photoAs(`/api/problems/${problem.id}/photos/1`, buyer)).statusCode).toBe(404);
    expect(uploadedFiles(t).filter((f) => f.includes('problems/') && !f.startsWith('private/'))).toEqual([]);
    expect(uploadedFiles(t).filter((f) => f.startsWith('private/problems/'))).toHaveLength(2);
  });

  it('stored under public keys before, are moved out of /uploads and keep showing to the parties', async () => {
    const problem = await openWithPhoto('Kandura');
    // As such a problem was stored: a public key, its files at /uploads/problems/<uuid>.webp.
    const legacy = `problems/${crypto.randomUUID()}`;
    const bytes = await testImage('webp');
    await t.storage.put(`public/${legacy}.webp`, bytes);
    await t.storage.put(`public/${legacy}-thumb.webp`, bytes);
    await t.database.db
      .updateTable('order_problems')
      .set({ photos: JSON.stringify([legacy]) })
      .where('id', '=', problem.id)
      .execute();
    expect((await call(t, 'GET', `/uploads/${legacy}.webp`)).statusCode).toBe(200);

    await t.jobs.runNow('aftersale.privatise-photos');

    expect((await call(t, 'GET', `/uploads/${legacy}.webp`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/uploads/${legacy}-thumb.webp`)).statusCode).toBe(404);
    await expectOnlyTheParties(problem.photos[0]!);
    expect((await photoAs(problem.photos[0]!, buyer)).rawPayload.equals(bytes)).toBe(true);
    expect(await t.services.aftersale.problems.referencedUploads()).toContain(`private/${legacy}.webp`);
  });
});
