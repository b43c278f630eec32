import crypto from 'node:crypto';
import { sql } from 'kysely';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_USERNAME_PREFIX, MSG } from '@souq/shared';
import { createFakeClock } from '../../lib/clock.js';
import { ADDRESS, DELIVER, makeStaff, moveLine, notificationsOf, placeOrder } from '../../../test/aftersale-support.js';
import { call, createProduct, insertProduct, productRow, type TestUser } from '../../../test/catalog-support.js';
import { readOutbox } from '../../../test/outbox.js';
import { insertShow } from '../../../test/show-support.js';
import {
  DIALECTS,
  apiError,
  eventually,
  login,
  registerUser,
  startTestApp,
  whoAmI,
  type TestApp,
} from '../../../test/support.js';
import { EXPORT_SECTIONS } from './archive.js';

/** What identifies the person whose rights these tests exercise: none of it may survive an erasure. */
const AMIRA = {
  phone: '0559871234',
  displayName: 'Amira Zaqzouq Haddad',
  street: 'Villa 77, Zaqzouq Lane',
  area: 'Qurm Zaqzouq',
  legalName: 'Zaqzouq Trading LLC',
  taxAddress: 'Office 9, Zaqzouq Tower, Dubai',
};
const PASSWORD = 'secret-pass';

async function person(t: TestApp, opts: { phone?: string; locale?: 'en' | 'ar' } = {}): Promise<TestUser> {
  const username = `p${crypto.randomBytes(5).toString('hex')}`;
  const row = await t.accounts.createAccountDirectly({
    email: `${username}@example.com`,
    username,
    phone: opts.phone ?? '0501234567',
    password: PASSWORD,
    verified: true,
    locale: opts.locale ?? null,
  });
  const session = await t.accounts.createSession(row.id);
  return { id: row.id, username, email: row.email, cookie: `souq_sid=${session.token}` };
}

const at = () => new Date().toISOString();

/** Every text column of every table (the schema's own word), for the after-erasure sweep. */
async function textColumns(t: TestApp): Promise<Array<{ table: string; column: string }>> {
  const db = t.database.db;
  if (t.database.dialect === 'sqlite') {
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    const out: Array<{ table: string; column: string }> = [];
    for (const { name } of tables.rows) {
      const cols = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(
        db,
      );
      for (const c of cols.rows)
        if (/char|text|clob/i.test(c.type) || c.type === '') out.push({ table: name, column: c.name });
    }
    return out;
  }
  const cols = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'character')`.execute(db);
  return cols.rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

async function whereFound(t: TestApp, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(t))
    for (const needle of needles) {
      const rows = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table)} where lower(cast(${sql.ref(column)} as text)) like ${`%${needle.toLowerCase()}%`}`.execute(
        t.database.db,
      );
      if (Number(rows.rows[0]?.n) > 0) found.push(`${table}.${column}: ${needle}`);
    }
  return found;
}

describe.each(DIALECTS)('data rights (%s)', (dialect) => {
  let t: TestApp;
  let amira: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let staff: TestUser;
  let soldProduct: string;
  let boughtProduct: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    amira = await person(t, { phone: AMIRA.phone, locale: 'ar' });
    [bob, carol, dave, staff] = await Promise.all([person(t), person(t), person(t), person(t)]);
    await makeStaff(t, staff.id);
    const db = t.database.db;

    // Amira's profile, tax details and a listing with a photo, which Bob buys and she delivers.
    soldProduct = await createProduct(t, amira, { title: 'Brass lantern' });
    const photo = JSON.parse((await productRow(t, soldProduct))!.images)[0] as string;
    await db
      .updateTable('users')
      .set({ display_name: AMIRA.displayName, avatar_key: photo, bio: `Call ${AMIRA.phone}` })
      .where('id', '=', amira.id)
      .execute();
    expect(
      (
        await call(t, 'PUT', '/api/me/tax-details', {
          user: amira,
          json: { legalName: AMIRA.legalName, address: AMIRA.taxAddress, trn: '100000000000003' },
        })
      ).statusCode,
    ).toBe(200);
    const sale = await placeOrder(t, bob, [soldProduct]);
    await moveLine(t, amira, sale.lines[0]!.id, DELIVER);

    // Amira buys from Carol, to her own address, and it is delivered.
    boughtProduct = await insertProduct(t, carol.id);
    const bought = await call(t, 'POST', '/api/orders', {
      user: amira,
      headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
      json: {
        lines: [{ productId: boughtProduct, quantity: 1 }],
        address: { emirate: 'Dubai', area: AMIRA.area, street: AMIRA.street, phone: AMIRA.phone },
      },
    });
    expect(bought.statusCode).toBe(201);
    await moveLine(t, carol, bought.json().lines[0].id, DELIVER);

    // A closed auction of Carol's that Amira bid on, a show where she chatted, a review, a rating.
    const show = await insertShow(t, carol.id, 'ended');
    await db.updateTable('auctions').set({ status: 'unsold', closed_at: at() }).where('id', '=', show.lotId).execute();
    await db
      .insertInto('bids')
      .values({ auction_id: show.lotId, seq: 1, bidder_id: amira.id, amount: 1500, auto: 0, created_at: at() })
      .execute();
    await db
      .insertInto('auction_max_bids')
      .values({ auction_id: show.lotId, bidder_id: amira.id, max_amount: 2500, placed_seq: 1 })
      .execute();
    await db
      .insertInto('stream_messages')
      .values([
        {
          id: crypto.randomUUID(),
          stream_id: show.streamId,
          user_id: amira.id,
          kind: 'chat',
          text: 'Lovely lamp!',
          amount: null,
          created_at: at(),
          deleted_at: null,
        },
        {
          id: crypto.randomUUID(),
          stream_id: show.streamId,
          user_id: carol.id,
          kind: 'sold',
          text: `Sold to ${amira.username} for AED 15.00`,
          amount: null,
          created_at: at(),
          deleted_at: null,
        },
        {
          id: crypto.randomUUID(),
          stream_id: show.streamId,
          user_id: dave.id,
          kind: 'chat',
          text: `Dave's secret ${dave.email}`,
          amount: null,
          created_at: at(),
          deleted_at: null,
        },
      ])
      .execute();
    await db
      .insertInto('reviews')
      .values({
        id: crypto.randomUUID(),
        product_id: boughtProduct,
        user_id: amira.id,
        text: 'Exactly as described',
        rating: 5,
        created_at: at(),
      })
      .execute();
    await db
      .insertInto('seller_ratings')
      .values({
        id: crypto.randomUUID(),
        order_id: bought.json().id,
        seller_id: carol.id,
        buyer_id: amira.id,
        stars: 5,
        comment: 'Fast',
        reply: null,
        replied_at: null,
        created_at: at(),
      })
      .execute();
    // Reports: one by Amira, one by Dave about her (which she must never see).
    await db
      .insertInto('reports')
      .values([
        {
          id: crypto.randomUUID(),
          reporter_id: amira.id,
          target_kind: 'product',
          target_id: boughtProduct,
          reason: 'counterfeit',
          text: 'Looks fake',
          created_at: at(),
          resolved_at: null,
          resolution: null,
          resolved_by: null,
        },
        {
          id: crypto.randomUUID(),
          reporter_id: dave.id,
          target_kind: 'user',
          target_id: amira.id,
          reason: 'other',
          text: 'Dave was here',
          created_at: at(),
          resolved_at: null,
          resolution: null,
          resolved_by: null,
        },
      ])
      .execute();
    expect(
      (await call(t, 'POST', '/api/saved-searches', { user: amira, json: { text: 'brass lamp' } })).statusCode,
    ).toBe(201);
    const switched = await call(t, 'PUT', '/api/notifications/settings', {
      user: amira,
      json: { topics: [{ topic: 'outbid', bell: true, email: false, push: true }] },
    });
    expect(switched.statusCode).toBe(200);
    for (const [who, whom] of [
      [amira, carol],
      [dave, amira],
    ] as const)
      expect((await call(t, 'PUT', `/api/users/${whom.id}/follow`, { user: who })).statusCode).toBeLessThan(300);
    await db
      .insertInto('product_likes')
      .values({
        product_id: boughtProduct,
        user_id: amira.id,
        seller_id: carol.id,
        category: 'Gaming',
        created_at: at(),
      })
      .execute();
    // Carol's giveaway, which Amira and Dave entered and Amira won.
    const giveawayId = crypto.randomUUID();
    await db
      .insertInto('stream_giveaways')
      .values({
        id: giveawayId,
        stream_id: show.streamId,
        product_id: boughtProduct,
        eligibility: 'everyone',
        created_at: at(),
        ends_at: at(),
        status: 'drawn',
        entry_count: 2,
        winner_id: amira.id,
        drawn_at: at(),
      })
      .execute();
    await db
      .insertInto('giveaway_entries')
      .values([
        { giveaway_id: giveawayId, user_id: amira.id, created_at: at() },
        { giveaway_id: giveawayId, user_id: dave.id, created_at: at() },
      ])
      .execute();
    // Carol's news names Amira by her username.
    await db
      .insertInto('notifications')
      .values({
        id: crypto.randomUUID(),
        user_id: carol.id,
        kind: 'auction_sold',
        subject: show.lotId,
        title: 'Sold',
        body: `${amira.username} won your lot`,
        link: '/',
        created_at: at(),
        read_at: null,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('builds the export in the background, rings the bell and mails the link in her language', async () => {
    const asked = await call(t, 'POST', '/api/me/data-export', { user: amira });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'pending', downloadUrl: null });
    await t.afterAnswer.settle();
    await t.jobs.runNow('privacy.exports');
    const status = (await call(t, 'GET', '/api/me/privacy', { user: amira })).json();
    expect(status.export).toMatchObject({ status: 'ready', downloadUrl: `/api/me/data-export/${asked.json().id}` });
    expect(Date.parse(status.export.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(
      (await notificationsOf(t, amira.id)).some((n) => n.kind === 'data_export' && n.title === 'بياناتك جاهزة للتنزيل'),
    ).toBe(true);
    await eventually(() =>
      expect(
        readOutbox(t.config.dataDir).some(
          (m) => m.to.includes(amira.email) && m.links.some((l) => l.endsWith('/settings#privacy')),
        ),
      ).toBe(true),
    );
  });

  it('holds every section, the photos and a README in her language, and nothing of other people she did not see', async () => {
    const { export: made } = (await call(t, 'GET', '/api/me/privacy', { user: amira })).json();
    const res = await call(t, 'GET', made.downloadUrl, { user: amira });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    for (const section of [...EXPORT_SECTIONS, 'README.txt']) expect(Object.keys(files)).toContain(section);
    expect(strFromU8(files['README.txt']!)).toContain('بياناتك من Souq');
    const photos = JSON.parse(strFromU8(files['photos.json']!)) as string[];
    expect(photos.length).toBeGreaterThan(0);
    for (const p of photos) expect(files[p]?.length).toBeGreaterThan(0);
    const text = Object.entries(files)
      .filter(([name]) => name.endsWith('.json') || name.endsWith('.txt'))
      .map(([, data]) => strFromU8(data))
      .join('\n');
    for (const mine of [
      amira.email,
      AMIRA.displayName,
      AMIRA.street,
      AMIRA.legalName,
      'Lovely lamp!',
      'Exactly as described',
      'Looks fake',
      'brass lamp',
    ])
      expect(text).toContain(mine);
    const json = (name: string) => JSON.parse(strFromU8(files[name]!));
    expect(json('sales.json').sales[0].buyer).toBe(bob.username);
    expect(json('bids.json').maxima[0].maximumFils).toBe(2500);
    expect(json('follows-and-likes.json').following[0].username).toBe(carol.username);
    expect(json('notification-settings.json')).toEqual({
      switchedOff: [{ kind: 'outbid', channel: 'email' }],
      pushDevices: [],
    });
    expect(json('giveaways.json')).toEqual([
      expect.objectContaining({ showId: expect.any(String), drawn: true, won: true }),
    ]);
    // Who reported her, other people's contact details and chat: never.
    for (const theirs of [dave.username, dave.email, 'Dave was here', bob.email, carol.email, ADDRESS.street, 'secret'])
      expect(text).not.toContain(theirs);
  });

  it('lets only its owner download it', async () => {
    const { export: made } = (await call(t, 'GET', '/api/me/privacy', { user: amira })).json();
    expect((await call(t, 'GET', made.downloadUrl, { user: bob })).json()).toEqual(
      apiError('NOT_FOUND', MSG.dataExportNotFound),
    );
    expect((await call(t, 'GET', made.downloadUrl)).statusCode).toBe(401);
    expect((await call(t, 'GET', made.downloadUrl, { user: staff })).statusCode).toBe(404);
  });

  it('refuses to delete with a wrong password, or for a visitor, and changes nothing', async () => {
    expect(
      (await call(t, 'POST', '/api/me/delete', { user: amira, json: { confirmation: 'wrong-pass' } })).json(),
    ).toEqual(apiError('VALIDATION_FAILED', MSG.deletePasswordWrong, { confirmation: MSG.deletePasswordWrong }));
    expect((await call(t, 'POST', '/api/me/delete', { json: { confirmation: PASSWORD } })).statusCode).toBe(401);
    expect((await whoAmI(t, amira.cookie))?.email).toBe(amira.email);
  });

  it('refuses, with the reason, while orders, sales, auctions, a leading bid or a show are open', async () => {
    const db = t.database.db;
    const [buyer, seller, auctioneer, leader, host] = await Promise.all([
      person(t),
      person(t),
      person(t),
      person(t),
      person(t),
    ]);
    const product = await insertProduct(t, seller.id);
    await placeOrder(t, buyer, [product]);
    const auctionId = crypto.randomUUID();
    await db
      .insertInto('auctions')
      .values({
        id: auctionId,
        product_id: null,
        seller_id: auctioneer.id,
        title: 'Old clock',
        title_key: 'old clock',
        category: 'Gaming',
        images: '[]',
        starting_bid: 100,
        reserve_price: null,
        current_bid: 500,
        sort_price: 500,
        leader_id: leader.id,
        leader_max: 900,
        closing_style: 'soft',
        starts_at: at(),
        ends_at: new Date(Date.now() + 3600_000).toISOString(),
        status: 'open',
        winner_id: null,
        closed_at: null,
        created_at: at(),
      })
      .execute();
    await insertShow(t, host.id, 'scheduled');
    for (const [who, message] of [
      [buyer, MSG.deleteBlockedOpenOrders],
      [seller, MSG.deleteBlockedSalesToShip],
      [auctioneer, MSG.deleteBlockedAuctions],
      [leader, MSG.deleteBlockedLeadingBids],
      [host, MSG.deleteBlockedShows],
    ] as const) {
      const res = await call(t, 'POST', '/api/me/delete', { user: who, json: { confirmation: PASSWORD } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(apiError('CONFLICT', message));
      expect((await whoAmI(t, who.cookie))?.email).toBe(who.email);
    }
    const status = (await call(t, 'GET', '/api/me/privacy', { user: buyer })).json();
    expect(status.blockers).toEqual(['open_orders']);
  });

  it('erases her: sessions end, nothing identifying is left outside the kept tax documents, her email is free again', async () => {
    const db = t.database.db;
    const before = await db
      .selectFrom('users')
      .select('followers_count')
      .where('id', '=', carol.id)
      .executeTakeFirstOrThrow();
    const invoicesBefore = await db.selectFrom('invoices').select(['id', 'document', 'total']).orderBy('id').execute();
    const res = await call(t, 'POST', '/api/me/delete', { user: amira, json: { confirmation: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(await whoAmI(t, amira.cookie)).toBeNull();
    expect((await login(t, amira.email, PASSWORD)).res.statusCode).toBe(401);

    const row = await db.selectFrom('users').selectAll().where('id', '=', amira.id).executeTakeFirstOrThrow();
    expect(row.username.startsWith(ERASED_USERNAME_PREFIX)).toBe(true);
    expect(row).toMatchObject({
      display_name: null,
      phone: null,
      avatar_key: null,
      password_hash: null,
      google_sub: null,
      bio: '',
    });
    expect(row.erased_at).not.toBeNull();
    // Her listing has left the shop, without its photo; her review and chat line stay, under the new name.
    expect(
      (await db.selectFrom('products').selectAll().where('id', '=', soldProduct).executeTakeFirstOrThrow()).hidden_at,
    ).not.toBeNull();
    expect((await call(t, 'GET', `/api/products/${soldProduct}`, { user: bob })).statusCode).toBe(404);
    expect(await db.selectFrom('reviews').select('text').where('user_id', '=', amira.id).execute()).toEqual([
      { text: 'Exactly as described' },
    ]);
    // The counters others see moved with the follow.
    expect(
      (await db.selectFrom('users').select('following_count').where('id', '=', dave.id).executeTakeFirstOrThrow())
        .following_count,
    ).toBe(0);
    expect(
      (await db.selectFrom('users').select('followers_count').where('id', '=', carol.id).executeTakeFirstOrThrow())
        .followers_count,
    ).toBe(before.followers_count - 1);
    // Tax documents stay exactly as issued; the orders keep their amounts.
    expect(await db.selectFrom('invoices').select(['id', 'document', 'total']).orderBy('id').execute()).toEqual(
      invoicesBefore,
    );
    expect((await db.selectFrom('orders').select('total').where('buyer_id', '=', amira.id).execute()).length).toBe(1);

    const left = (
      await whereFound(t, [
        amira.email,
        amira.username,
        AMIRA.phone,
        AMIRA.displayName,
        AMIRA.street,
        AMIRA.area,
        AMIRA.legalName,
        AMIRA.taxAddress,
      ])
    ).filter((where) => !where.startsWith('invoices.document:'));
    expect(left).toEqual([]);
    // Bob's address on her sale is his, for her books: it stays.
    expect(await db.selectFrom('orders').select('street').where('buyer_id', '=', bob.id).execute()).toEqual([
      { street: ADDRESS.street },
    ]);

    const audit = await db.selectFrom('staff_actions').selectAll().where('target_id', '=', amira.id).execute();
    expect(audit).toMatchObject([{ action: 'erase_account', target_kind: 'user', staff_id: amira.id }]);

    const again = await registerUser(t, {
      email: amira.email,
      username: `again${crypto.randomBytes(3).toString('hex')}`,
    });
    expect(again.res.statusCode).toBe(201);
  });

  it('for a Google-only account, asks for the email instead of a password', async () => {
    const g = await person(t);
    await t.database.db
      .updateTable('users')
      .set({ password_hash: null, google_sub: `sub-${g.id}` })
      .where('id', '=', g.id)
      .execute();
    expect(
      (await call(t, 'POST', '/api/me/delete', { user: g, json: { confirmation: 'someone@example.com' } })).json(),
    ).toEqual(apiError('VALIDATION_FAILED', MSG.deleteEmailMismatch, { confirmation: MSG.deleteEmailMismatch }));
    expect(
      (await call(t, 'POST', '/api/me/delete', { user: g, json: { confirmation: g.email.toUpperCase() } })).statusCode,
    ).toBe(200);
  });

  it('lets staff export and erase for a person who asked by email, audited; nobody else', async () => {
    const asker = await person(t);
    const body = { email: asker.email, reason: 'Asked by email on 29 November' };
    expect((await call(t, 'POST', '/api/admin/data-rights/export', { user: bob, json: body })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/admin/data-rights/erase', { user: bob, json: body })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/admin/data-rights/erase', { json: body })).statusCode).toBe(401);
    expect(
      (
        await call(t, 'POST', '/api/admin/data-rights/erase', {
          user: staff,
          json: { ...body, email: 'nobody@example.com' },
        })
      ).json(),
    ).toEqual(apiError('NOT_FOUND', MSG.dataRightsNoAccount));

    const made = await call(t, 'POST', '/api/admin/data-rights/export', { user: staff, json: body });
    expect(made.statusCode).toBe(202);
    await t.afterAnswer.settle();
    await t.jobs.runNow('privacy.exports');
    // The link goes to the person, and only they can download it.
    expect((await call(t, 'GET', `/api/me/data-export/${made.json().id}`, { user: asker })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/me/data-export/${made.json().id}`, { user: staff })).statusCode).toBe(404);

    expect((await call(t, 'POST', '/api/admin/data-rights/erase', { user: staff, json: body })).statusCode).toBe(200);
    expect(await whoAmI(t, asker.cookie)).toBeNull();
    const audit = await t.database.db
      .selectFrom('staff_actions')
      .selectAll()
      .where('target_id', '=', asker.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => [a.action, a.staff_id, a.reason])).toEqual([
      ['export_data', staff.id, body.reason],
      ['erase_account', staff.id, body.reason],
    ]);
    expect(JSON.stringify(audit)).not.toContain(asker.email);
    // Staff accounts are not erased from here.
    expect(
      (
        await call(t, 'POST', '/api/admin/data-rights/erase', { user: staff, json: { ...body, email: staff.email } })
      ).json(),
    ).toEqual(apiError('FORBIDDEN', MSG.dataRightsStaff));
  });
});

describe.each(DIALECTS)('data rights over time, and while suspended (%s)', (dialect) => {
  const clock = createFakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
  });
  afterAll(() => t.close());

  it('lets the link work for 7 days, then forgets the file', async () => {
    const who = await person(t);
    const asked = (await call(t, 'POST', '/api/me/data-export', { user: who })).json();
    await t.afterAnswer.settle();
    await t.jobs.runNow('privacy.exports');
    const url = `/api/me/data-export/${asked.id}`;
    clock.advance(7 * 24 * 3600_000 - 1);
    expect((await call(t, 'GET', url, { user: who })).statusCode).toBe(200);
    const key = (await t.database.db.selectFrom('data_exports').select('storage_key').executeTakeFirstOrThrow())
      .storage_key!;
    clock.advance(1);
    expect((await call(t, 'GET', url, { user: who })).json()).toEqual(apiError('NOT_FOUND', MSG.dataExportNotFound));
    await t.jobs.runNow('privacy.exports');
    expect(await t.database.db.selectFrom('data_exports').selectAll().execute()).toEqual([]);
    expect(await t.storage.get(key)).toBeNull();
  });

  it('keeps both rights open to a suspended person', async () => {
    const who = await person(t);
    await t.database.db
      .updateTable('users')
      .set({ suspended_until: clock.iso(24 * 3600_000), suspended_reason: 'Spam' })
      .where('id', '=', who.id)
      .execute();
    expect((await call(t, 'POST', '/api/me/data-export', { user: who })).statusCode).toBe(202);
    expect((await call(t, 'POST', '/api/me/delete', { user: who, json: { confirmation: PASSWORD } })).statusCode).toBe(
      200,
    );
  });

  it('erases a person once when two erasures meet', async () => {
    const who = await person(t);
    const [a, b] = await Promise.all([
      call(t, 'POST', '/api/me/delete', { user: who, json: { confirmation: PASSWORD } }),
      call(t, 'POST', '/api/me/delete', { user: who, json: { confirmation: PASSWORD } }),
    ]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect(
      await t.database.db.selectFrom('staff_actions').select('action').where('target_id', '=', who.id).execute(),
    ).toEqual([{ action: 'erase_account' }]);
  });
});
