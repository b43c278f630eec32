import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SAVED_SEARCH_LIMIT, type NotificationList, type SavedSearchList } from '@souq/shared';
import type { Mailer, MailMessage } from '../../adapters/mail/index.js';
import { createFakeClock } from '../../lib/clock.js';
import { AED, startAuction } from '../../../test/auction-support.js';
import { call, createProduct, createUser, productForm, type TestUser } from '../../../test/catalog-support.js';
import { insertProduct } from '../../../test/catalog-support.js';
import { apiError, DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';
import { searchWords } from './words.js';

const HOUR = 3600_000;

describe('searchWords', () => {
  it('folds as catalog search does: case, Arabic letter variants and marks, Arabic-Indic digits', () => {
    expect(searchWords('Gold  ROLEX, gold!')).toEqual(['gold', 'rolex']);
    expect(searchWords('ساعةٌ أحمد')).toEqual(searchWords('ساعه احمد'));
    expect(searchWords('آيفون ١٥')).toEqual(['15', 'ايفون']);
  });
});

describe.each(DIALECTS)('saved searches and alerts (%s)', (dialect) => {
  const clock = createFakeClock('2026-12-01T08:00:00.000Z');
  const sent: MailMessage[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (m) => void sent.push(m), close: async () => undefined };
  let t: TestApp;
  let seller: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock, mailer });
    seller = await createUser(t);
  });
  afterAll(() => t.close());

  const save = (user: TestUser | null, json: unknown) => call(t, 'POST', '/api/saved-searches', { user, json });
  const saved = async (user: TestUser, json: unknown) => {
    const res = await save(user, json);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { search: { id: string } }).search.id;
  };
  const list = async (user: TestUser) =>
    ((await call(t, 'GET', '/api/saved-searches', { user })).json() as SavedSearchList).items;
  const bell = async (user: TestUser) =>
    ((await call(t, 'GET', '/api/notifications', { user })).json() as NotificationList).items.filter(
      (n) => n.kind === 'saved_search',
    );
  /** Lists a product through the API, then waits for the matching that runs after the answer. */
  const list_ = async (fields: Record<string, string>, by = seller) => {
    const id = await createProduct(t, by, fields);
    await t.afterAnswer.settle();
    return id;
  };
  const shopper = async (search: Record<string, unknown>) => {
    const user = await createUser(t);
    await saved(user, search);
    return user;
  };

  describe('saving', () => {
    it('keeps one row for the same search however it is typed, and says so', async () => {
      const user = await createUser(t);
      const first = await save(user, { text: 'Gold Rolex', maxPrice: AED(5000) });
      expect(first.statusCode).toBe(201);
      const again = await save(user, { text: ' rolex GOLD ', maxPrice: AED(5000), auctionsOnly: false });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ created: false, search: { id: first.json().search.id } });
      expect(await list(user)).toHaveLength(1);
      // Another ceiling is another search.
      expect((await save(user, { text: 'gold rolex', maxPrice: AED(6000) })).statusCode).toBe(201);
      expect(await list(user)).toHaveLength(2);
    });

    it('keeps one row when the same search is saved several times at once', async () => {
      const user = await createUser(t);
      const answers = await Promise.all(Array.from({ length: 6 }, () => save(user, { text: 'hermes birkin' })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((r) => r.json().search.id)).size).toBe(1);
      expect(await list(user)).toHaveLength(1);
    });

    it('refuses a search of nothing, a bad price or category, with the exact message', async () => {
      const user = await createUser(t);
      expect((await save(user, { text: '' })).json()).toEqual(
        apiError('VALIDATION_FAILED', MSG.savedSearchEmpty, { text: MSG.savedSearchEmpty }),
      );
      expect((await save(user, { text: '!!! ...' })).json().error.message).toBe(MSG.savedSearchEmpty);
      expect((await save(user, { text: 'x', maxPrice: -5 })).json().error.message).toBe(MSG.savedSearchPrice);
      expect((await save(user, { text: 'x', maxPrice: 1.5 })).statusCode).toBe(400);
      expect((await save(user, { text: 'x', category: 'Spaceships' })).json().error.message).toBe(MSG.selectCategory);
      // A category alone is a search.
      expect((await save(user, { category: 'Watches' })).statusCode).toBe(201);
    });

    it(`keeps at most ${SAVED_SEARCH_LIMIT} per person, even when many arrive at once`, async () => {
      const user = await createUser(t);
      for (let i = 0; i < SAVED_SEARCH_LIMIT - 3; i++) await saved(user, { text: `thing${i}` });
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => save(user, { text: `burst${i}` })));
      expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(3);
      for (const refused of burst.filter((r) => r.statusCode !== 201))
        expect(refused.json()).toEqual(apiError('CONFLICT', MSG.savedSearchLimit));
      expect(await list(user)).toHaveLength(SAVED_SEARCH_LIMIT);
      // The same search again is still answered: it is not a 51st.
      expect((await save(user, { text: 'thing0' })).statusCode).toBe(200);
    });

    it('deletes only the owner’s own: nobody else can read or delete it', async () => {
      const [owner, other, unverified] = await Promise.all([
        createUser(t),
        createUser(t),
        createUser(t, { verified: false }),
      ]);
      const id = await saved(owner, { text: 'leica camera' });
      expect((await call(t, 'GET', '/api/saved-searches', { user: null })).statusCode).toBe(401);
      expect(await list(other)).toEqual([]);
      expect((await call(t, 'DELETE', `/api/saved-searches/${id}`, { user: null })).statusCode).toBe(401);
      const unverifiedDelete = await call(t, 'DELETE', `/api/saved-searches/${id}`, { user: unverified });
      expect(unverifiedDelete.statusCode).toBe(403);
      expect((await save(unverified, { text: 'x' })).statusCode).toBe(403);
      expect((await call(t, 'DELETE', `/api/saved-searches/${id}`, { user: other })).json()).toEqual(
        apiError('NOT_FOUND', MSG.savedSearchNotFound),
      );
      expect(await list(owner)).toHaveLength(1);
      expect((await call(t, 'DELETE', `/api/saved-searches/${id}`, { user: owner })).statusCode).toBe(200);
      expect(await list(owner)).toEqual([]);
      expect((await call(t, 'DELETE', `/api/saved-searches/${id}`, { user: owner })).statusCode).toBe(404);
    });
  });

  describe('matching a new listing', () => {
    it('rings the bell of everyone whose every word it holds, folded as search folds, never the lister', async () => {
      const both = await shopper({ text: 'omega speedmaster' });
      const one = await shopper({ text: 'omega seamaster' });
      const arabic = await shopper({ text: 'ساعة أوميغا' });
      const lister = await createUser(t);
      await saved(lister, { text: 'speedmaster' });
      const id = await list_({ title: 'Omega Speedmaster Moonwatch', keywords: 'ساعه, اوميغا' }, lister);

      const [news] = await bell(both);
      expect(news).toMatchObject({ title: 'New match: Omega Speedmaster Moonwatch', link: `/product/${id}` });
      expect(await bell(one)).toEqual([]);
      expect(await bell(arabic)).toHaveLength(1);
      expect(await bell(lister)).toEqual([]);
    });

    it('filters by category, price ceiling and auctions only', async () => {
      const watches = await shopper({ text: 'tudor', category: 'Watches' });
      const phones = await shopper({ text: 'tudor', category: 'Mobiles' });
      const cheap = await shopper({ text: 'tudor', maxPrice: AED(1000) });
      const rich = await shopper({ text: 'tudor', maxPrice: AED(2000) });
      const auctions = await shopper({ text: 'tudor', auctionsOnly: true });
      const anyTudorWatch = await shopper({ category: 'Watches', maxPrice: AED(1500) });
      await list_({ title: 'Tudor Black Bay', category: 'Watches', price: String(AED(1500)) });

      expect(await bell(watches)).toHaveLength(1);
      expect(await bell(phones)).toEqual([]);
      expect(await bell(cheap)).toEqual([]);
      expect(await bell(rich)).toHaveLength(1);
      expect(await bell(auctions)).toEqual([]);
      expect(await bell(anyTudorWatch)).toHaveLength(1);

      // An auction opened on a product is news for an auctions-only search, priced by its starting bid.
      const { id } = await startAuction(
        t,
        seller,
        { startingBid: AED(900) },
        { title: 'Tudor Pelagos', category: 'Watches' },
      );
      await t.afterAnswer.settle();
      expect(await bell(auctions)).toMatchObject([{ title: 'New match: Tudor Pelagos', link: `/auction/${id}` }]);
      expect(await bell(cheap)).toHaveLength(1);
    });

    it('tells of a scheduled show by its title, to searches with no category', async () => {
      const fan = await shopper({ text: 'vintage cameras', auctionsOnly: true });
      const priced = await shopper({ text: 'vintage cameras', maxPrice: AED(100) });
      const categorised = await shopper({ text: 'vintage cameras', category: 'Laptops' });
      const productId = await insertProduct(t, seller.id, { title: 'Leica M3' });
      const res = await call(t, 'POST', '/api/streams', {
        user: seller,
        form: productForm(
          {
            title: 'Vintage cameras night',
            durationMinutes: '60',
            lots: JSON.stringify([{ productId, startingBid: AED(100) }]),
            scheduledFor: clock.iso(2 * HOUR),
          },
          [],
        ),
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.afterAnswer.settle();
      expect(await bell(fan)).toMatchObject([{ link: `/livestream/${res.json().id}` }]);
      expect(await bell(priced)).toHaveLength(1);
      expect(await bell(categorised)).toEqual([]);
    });

    it('tells a person once per listing, however many of their searches it matches, in their language', async () => {
      const user = await createUser(t);
      await call(t, 'PUT', '/api/me/locale', { user, json: { locale: 'ar' } });
      await saved(user, { text: 'breitling' });
      await saved(user, { text: 'navitimer breitling' });
      await list_({ title: 'Breitling Navitimer' });
      const news = await bell(user);
      expect(news).toHaveLength(1);
      expect(news[0]!.title).toBe('جديد يطابق بحثك: Breitling Navitimer');
    });
  });

  describe('the daily digest', () => {
    it('mails what is new at most once a day, in the person’s language', async () => {
      const user = await shopper({ text: 'patek' });
      const mails = () => sent.filter((m) => m.to === user.email);
      await t.jobs.runNow('alerts.digest');
      expect(mails()).toEqual([]);

      await list_({ title: 'Patek Calatrava' });
      clock.advance(1000);
      await list_({ title: 'Patek Nautilus' });
      await t.jobs.runNow('alerts.digest');
      await t.afterAnswer.settle();
      expect(mails()).toHaveLength(1);
      expect(mails()[0]!.subject).toBe('2 new listings match your saved searches');
      expect(mails()[0]!.text).toContain('"Patek Calatrava", "Patek Nautilus"');

      // News within the day waits for the next day's mail.
      await list_({ title: 'Patek Aquanaut' });
      clock.advance(23 * HOUR);
      await t.jobs.runNow('alerts.digest');
      expect(mails()).toHaveLength(1);
      clock.advance(HOUR);
      await t.jobs.runNow('alerts.digest');
      expect(mails()).toHaveLength(2);
      expect(mails()[1]!.subject).toBe('A new listing matches your saved search');
      expect(mails()[1]!.text).toContain('"Patek Aquanaut"');

      // Nothing new, no mail.
      clock.advance(25 * HOUR);
      await t.jobs.runNow('alerts.digest');
      expect(mails()).toHaveLength(2);

      // Mailed hits are let go after 90 days.
      const hits = () =>
        t.database.db.selectFrom('saved_search_hits').select('id').where('user_id', '=', user.id).execute();
      expect(await hits()).toHaveLength(3);
      clock.advance(90 * 24 * HOUR);
      await t.jobs.runNow('alerts.sweep-hits');
      expect(await hits()).toEqual([]);
    });

    it('mails an Arabic account in Arabic, right to left', async () => {
      const user = await createUser(t);
      await call(t, 'PUT', '/api/me/locale', { user, json: { locale: 'ar' } });
      await saved(user, { text: 'عود' });
      // A fresh seller: the clock has moved past the first one's session.
      await list_({ title: 'Oud oil', keywords: 'عود, دهن' }, await createUser(t));
      await t.jobs.runNow('alerts.digest');
      await t.afterAnswer.settle();
      const [mail] = sent.filter((m) => m.to === user.email);
      expect(mail!.subject).toBe('إعلان جديد يطابق بحثك المحفوظ');
      expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
      expect(mail!.text).toContain('«Oud oil»');
      expect(mail!.link).toMatch(/\/MyAccount\?tab=searches$/);
    });
  });
});
