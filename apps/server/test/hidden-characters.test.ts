import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { call, createUser, insertProduct, type TestUser } from './catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from './support.js';

/** RIGHT-TO-LEFT OVERRIDE: everything after it is drawn backwards ("Trojan Source"). */
const RLO = '\u202E';
const KHALID = { legalName: 'Khalid Trading LLC', address: 'Office 12, Al Quoz 3, Dubai', trn: '100123456700003' };

/**
 * Text printed on tax invoices, kept for alerts or written to the audit log is refused with a
 * clear 400 when it hides a direction override, as usernames are, and nothing is saved.
 */
describe.each(DIALECTS)('hidden direction overrides in free text (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, buyer, staff] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await t.database.db.updateTable('users').set({ staff: 1 }).where('id', '=', staff.id).execute();
  });
  afterAll(() => t.close());

  it("are refused in a seller's legal name and address, which stay as saved", async () => {
    expect((await call(t, 'PUT', '/api/me/tax-details', { user: seller, json: KHALID })).statusCode).toBe(200);
    for (const [field, value] of [
      ['legalName', `Khalid ${RLO}CLL gnidarT`],
      ['address', `Office 12,\n${RLO}iabuD ,3 zouQ lA`],
    ] as const) {
      const res = await call(t, 'PUT', '/api/me/tax-details', { user: seller, json: { ...KHALID, [field]: value } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(
        apiError('VALIDATION_FAILED', MSG.controlCharacters, { [field]: MSG.controlCharacters }),
      );
    }
    expect((await call(t, 'GET', '/api/me/tax-details', { user: seller })).json()).toEqual(KHALID);
  });

  it('are refused in a saved search, and none is kept', async () => {
    const res = await call(t, 'POST', '/api/saved-searches', { user: buyer, json: { text: `rolex ${RLO}xelor` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(apiError('VALIDATION_FAILED', MSG.searchInvalid, { text: MSG.searchInvalid }));
    expect((await call(t, 'GET', '/api/saved-searches', { user: buyer })).json()).toMatchObject({ items: [] });
  });

  it("are refused in a staff member's reason, and the action is not taken nor audited", async () => {
    const productId = await insertProduct(t, seller.id, { title: 'Fake Rolex' });
    const reported = await call(t, 'POST', '/api/reports', {
      user: buyer,
      json: { targetKind: 'product', targetId: productId, reason: 'counterfeit' },
    });
    const reason = `Counterfeit ${RLO}derotser`;
    const hide = await call(t, 'POST', `/api/admin/reports/${reported.json().id}/action`, {
      user: staff,
      json: { action: 'hide', reason },
    });
    expect(hide.statusCode).toBe(400);
    expect(hide.json()).toEqual(
      apiError('VALIDATION_FAILED', MSG.controlCharacters, { reason: MSG.controlCharacters }),
    );
    const restore = await call(t, 'POST', '/api/admin/restore', {
      user: staff,
      json: { targetKind: 'product', targetId: productId, reason },
    });
    expect(restore.statusCode).toBe(400);

    const product = await t.database.db
      .selectFrom('products')
      .select('hidden_at')
      .where('id', '=', productId)
      .executeTakeFirst();
    expect(product).toEqual({ hidden_at: null });
    expect(await t.database.db.selectFrom('staff_actions').selectAll().execute()).toEqual([]);
  });
});
