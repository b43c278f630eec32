import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { MSG_AR } from '@souq/shared/i18n/ar';
import { AED, bid, startAuction } from './auction-support.js';
import { createUser, type TestUser } from './catalog-support.js';
import { DIALECTS, apiError, cookieHeader, post, startTestApp, validRegistration, type TestApp } from './support.js';

/** The two ways a request says it wants Arabic: the browser's preference, and the header switch's cookie. */
const ARABIC_REQUESTS: Array<[string, Record<string, string>]> = [
  ['Accept-Language: ar', { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' }],
  ['Cookie: souq_lang=ar', { cookie: 'souq_lang=ar' }],
];

describe.each(DIALECTS)('error answers in the request’s language (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let bidder: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, bidder] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const fill = {
    email: MSG.fillAllFields,
    password: MSG.fillAllFields,
    confirmPassword: MSG.fillAllFields,
    username: MSG.fillAllFields,
    phone: MSG.fillAllFields,
  };
  const fillAr = Object.fromEntries(Object.keys(fill).map((k) => [k, MSG_AR.fillAllFields]));

  it('answers English, byte for byte as before, when nothing asks for Arabic', async () => {
    const english: Array<Record<string, string>> = [
      {},
      { 'accept-language': 'en-US,en;q=0.9,ar;q=0.8' },
      { cookie: 'souq_lang=en' },
    ];
    for (const headers of english) {
      const res = await post(t, '/api/auth/register', {}, undefined, headers);
      expect(res.json()).toEqual(apiError('VALIDATION_FAILED', MSG.fillAllFields, fill));
    }
    // The cookie wins over the browser's preference.
    const chosen = await post(t, '/api/auth/register', {}, undefined, {
      cookie: 'souq_lang=en',
      'accept-language': 'ar',
    });
    expect(chosen.json()).toEqual(apiError('VALIDATION_FAILED', MSG.fillAllFields, fill));
  });

  it.each(ARABIC_REQUESTS)('answers a validation error in Arabic, field by field (%s)', async (_, headers) => {
    const res = await post(t, '/api/auth/register', {}, undefined, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(apiError('VALIDATION_FAILED', MSG_AR.fillAllFields, fillAr));
    const bad = await post(t, '/api/auth/register', { ...validRegistration(), email: 'nope' }, undefined, headers);
    expect(bad.json()).toEqual(apiError('VALIDATION_FAILED', MSG_AR.invalidEmail, { email: MSG_AR.invalidEmail }));
  });

  it.each(ARABIC_REQUESTS)('answers domain errors in Arabic, amounts included (%s)', async (_, headers) => {
    const missing = await t.app.inject({ method: 'GET', url: `/api/products/${crypto.randomUUID()}`, headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(apiError('NOT_FOUND', MSG_AR.productNotFound));

    const { id } = await startAuction(t, seller, { startingBid: AED(1260) });
    const low = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${id}/bids`,
      headers: { ...headers, cookie: [bidder.cookie, headers.cookie].filter(Boolean).join('; ') },
      payload: { amount: AED(100) },
    });
    const lowAr = 'يجب أن تكون قيمة المزايدة أعلى من المزايدة الحالية. زايد بمبلغ 1,260.00 د.إ على الأقل.';
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual(apiError('VALIDATION_FAILED', lowAr, { amount: lowAr }));
    // The same refusal without Arabic keeps the spec's words.
    const lowEn = (await bid(t, bidder, id, { amount: AED(100) })).json();
    const en = 'Bid amount must be higher than current bid. Bid at least AED 1,260.00.';
    expect(lowEn).toEqual(apiError('VALIDATION_FAILED', en, { amount: en }));
  });
});

describe.each(DIALECTS)('the account remembers its language (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const localeOf = async (email: string) =>
    (await t.database.db.selectFrom('users').select('locale').where('email', '=', email).executeTakeFirstOrThrow())
      .locale;
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json() as {
      user: { locale: string | null } | null;
    };
  const setLocale = (cookie: string | undefined, locale: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/locale',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payload: { locale },
    });

  it('keeps the language a person signed up in, and shows it in the session', async () => {
    const body = validRegistration();
    const res = await post(t, '/api/auth/register', body, undefined, { 'accept-language': 'ar-AE' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { user: { locale: string } }).user.locale).toBe('ar');
    expect(await localeOf(body.email)).toBe('ar');
    expect((await me(cookieHeader(res))).user?.locale).toBe('ar');
  });

  it('changes it for a signed-in person only, and sends it back to the device at the next sign-in', async () => {
    const body = validRegistration();
    const signedUp = await post(t, '/api/auth/register', body);
    const cookie = cookieHeader(signedUp);
    expect(await localeOf(body.email)).toBe('en');

    expect((await setLocale(undefined, 'ar')).json()).toEqual(apiError('UNAUTHENTICATED', MSG.mustBeLoggedIn));
    const wrong = await setLocale(cookie, 'fr', { 'accept-language': 'ar' });
    expect(wrong.json()).toEqual(
      apiError('VALIDATION_FAILED', MSG_AR.chooseLanguage, { locale: MSG_AR.chooseLanguage }),
    );
    const set = await setLocale(cookie, 'ar');
    expect(set.statusCode).toBe(204);
    expect(set.body).toBe('');
    expect(await localeOf(body.email)).toBe('ar');
    expect((await me(cookie)).user?.locale).toBe('ar');

    const login = await post(t, '/api/auth/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    const langCookie = login.cookies.find((c) => c.name === 'souq_lang');
    expect(langCookie).toMatchObject({ value: 'ar', path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
    expect(langCookie?.httpOnly).toBeFalsy();
  });

  it('sets no language cookie at sign-in for an account that never chose one', async () => {
    const user = await createUser(t);
    const login = await post(t, '/api/auth/login', { email: user.email, password: 'secret-pass' });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((c) => c.name === 'souq_lang')).toBeUndefined();
    expect((await me(user.cookie)).user?.locale).toBeNull();
  });
});
