import { DEFAULT_PROFILE_PIC, MSG } from '@souq/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type OidcTestProvider } from '../../../test/oidc-provider.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';

const CLIENT = { clientId: 'souq-web', clientSecret: 'souq-web-secret' };
const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const FAILED = `/auth/popup-done?error=${encodeURIComponent(MSG.googleFailed)}`;

/** The few cookies a browser would keep for the provider's origin (the provider sets them all on "/" or below). */
class CookieJar {
  private cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k, v = ''] = a.split('=').map((s) => s.trim());
        return (
          (k!.toLowerCase() === 'expires' && Date.parse(v) <= Date.now()) ||
          (k!.toLowerCase() === 'max-age' && Number(v) <= 0)
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

interface ProviderPage {
  url: URL;
  title: string;
  html: string;
  /** The one form's action, resolved, and its hidden fields. */
  action: URL;
  hidden: Record<string, string>;
}

/**
 * A browser at the provider: follows redirects inside the provider's origin, carrying its cookies,
 * and stops at an HTML page or at a redirect that leaves the provider (back to the app).
 */
async function visit(
  jar: CookieJar,
  start: URL,
  init?: { method: 'POST'; form: Record<string, string> },
): Promise<ProviderPage | URL> {
  let url = start;
  let request: RequestInit = init
    ? {
        method: 'POST',
        body: new URLSearchParams(init.form),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }
    : { method: 'GET' };
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      ...request,
      redirect: 'manual',
      headers: { ...(request.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      await response.body?.cancel();
      if (next.origin !== start.origin) return next;
      url = next;
      request = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    expect(response.status, html).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const forms = [...html.matchAll(/<form method="post" action="([^"]+)"/g)];
    expect(forms).toHaveLength(1);
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    return { url, title: /<title>([^<]*)<\/title>/.exec(html)![1]!, html, action: new URL(forms[0]![1]!, url), hidden };
  }
  throw new Error('too many redirects at the provider');
}

function asPage(result: ProviderPage | URL): ProviderPage {
  if (result instanceof URL) throw new Error(`expected a provider page, got a redirect to ${result.href}`);
  return result;
}

function asRedirect(result: ProviderPage | URL): URL {
  if (!(result instanceof URL)) throw new Error(`expected a redirect back to the app, got the page "${result.title}"`);
  return result;
}

/** Types the login on the sign-in page, then clicks Continue on the consent page; returns where the provider sends the browser. */
async function authorizeAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  const signIn = asPage(await visit(jar, new URL(authorizationUrl)));
  // The selectors the fixture documents for a browser.
  expect(signIn.title).toBe('Sign-in - Test OpenID Provider');
  expect(signIn.html).toContain('<input required type="text" name="login" autofocus>');
  expect(signIn.html).toContain('<input required type="password" name="password">');
  expect(signIn.html.match(/<button type="submit"[^>]*>([^<]*)<\/button>/g)).toEqual([
    '<button type="submit">Sign-in</button>',
  ]);
  expect(signIn.html).toMatch(/<a id="cancel" href="\/interaction\/[^"]+\/abort">Cancel<\/a>/);
  const consent = asPage(
    await visit(jar, signIn.action, { method: 'POST', form: { ...signIn.hidden, login, password: 'any password' } }),
  );
  expect(consent.title).toBe('Authorize - Test OpenID Provider');
  expect(consent.html.match(/<button type="submit"[^>]*>([^<]*)<\/button>/g)).toEqual([
    '<button type="submit" autofocus>Continue</button>',
  ]);
  return asRedirect(await visit(jar, consent.action, { method: 'POST', form: consent.hidden }));
}

describe.each(DIALECTS)('Login using Google (%s)', (dialect) => {
  let op: OidcTestProvider;
  let t: TestApp;

  beforeAll(async () => {
    op = await startOidcProvider({
      ...CLIENT,
      redirectUris: [CALLBACK],
      accounts: {
        layla: { sub: 'google-layla', email: 'Layla@Example.com', email_verified: true, name: 'Layla Hassan' },
        mona: { sub: 'google-mona', email: 'mona@example.com', email_verified: false, name: 'Mona' },
        newbie: { sub: 'google-newbie', email: 'newbie@example.com', email_verified: false, name: 'New Bie' },
      },
    });
    t = await startTestApp(dialect, { oidc: { issuer: op.issuer, ...CLIENT }, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  const countUsers = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const userRow = (email: string) =>
    t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  async function start() {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(res.statusCode).toBe(302);
    const cookie = res.cookies.find((c) => c.name === 'souq_oidc');
    expect(cookie).toBeDefined();
    return { location: res.headers.location as string, state: cookie!.value, res };
  }

  /** Start, sign in at the provider, and bring the callback back to the app with the given state cookie. */
  async function signIn(
    login: string,
    cookies: (state: string) => Record<string, string> = (state) => ({ souq_oidc: state }),
  ) {
    const { location, state } = await start();
    const callback = await authorizeAtProvider(location, login);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    const res = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: cookies(state),
    });
    return { res, callback, state, sid: res.cookies.find((c) => c.name === 'souq_sid')?.value };
  }

  async function me(sid: string | undefined) {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: sid ? { souq_sid: sid } : {} });
    expect(res.statusCode).toBe(200);
    return res.json().user;
  }

  it('says Google sign-in is available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: { enabled: true } });
  });

  it('sends the browser to the provider with PKCE, state and nonce, bound to an httpOnly cookie', async () => {
    const { location, state, res } = await start();
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${op.issuer}/auth`);
    const params = Object.fromEntries(url.searchParams);
    expect(Object.keys(params).sort()).toEqual(
      [
        'client_id',
        'code_challenge',
        'code_challenge_method',
        'nonce',
        'prompt',
        'redirect_uri',
        'response_type',
        'scope',
        'state',
      ].sort(),
    );
    expect(params).toMatchObject({
      client_id: CLIENT.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      prompt: 'select_account',
      state,
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce!.length).toBeGreaterThanOrEqual(32);
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(res.cookies.find((c) => c.name === 'souq_oidc')).toMatchObject({
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 600,
    });
    // Each attempt gets its own state.
    expect((await start()).state).not.toBe(state);
  });

  it('creates a verified account from the provider claims and signs the browser in', async () => {
    const before = await countUsers();
    const { res, sid } = await signIn('sara');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/popup-done');
    expect(res.cookies.find((c) => c.name === 'souq_oidc')).toMatchObject({ value: '', path: '/api/auth/google' });
    expect(res.cookies.find((c) => c.name === 'souq_sid')).toMatchObject({
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(await countUsers()).toBe(before + 1);
    expect(await me(sid)).toEqual({
      id: expect.any(String),
      email: 'sara@example.com',
      username: 'Sara',
      displayName: 'Sara',
      emailVerified: true,
      profilePic: DEFAULT_PROFILE_PIC,
      hasPassword: false,
      createdAt: expect.any(String),
      locale: 'en',
      staff: false,
      suspension: null,
    });
    const row = await userRow('sara@example.com');
    expect(row).toMatchObject({ google_sub: 'sara', password_hash: null, phone: null });
    expect(row!.email_verified_at).not.toBeNull();
  });

  it('signs the same person in again without a second account, with a fresh session id', async () => {
    const first = await signIn('hamad');
    expect(first.res.headers.location).toBe('/auth/popup-done');
    const firstUser = await me(first.sid);
    expect(firstUser.username).toBe('Hamad');
    const before = await countUsers();

    // The browser still holds its first session when it signs in again.
    const second = await signIn('hamad', (state) => ({ souq_oidc: state, souq_sid: first.sid! }));
    expect(second.res.statusCode).toBe(302);
    expect(second.res.headers.location).toBe('/auth/popup-done');
    expect(second.sid).toBeDefined();
    expect(second.sid).not.toBe(first.sid);
    expect(await countUsers()).toBe(before);
    expect(await me(second.sid)).toEqual(firstUser);
    expect(await me(first.sid)).toBeNull();
    const rows = await t.database.db.selectFrom('users').select('id').where('google_sub', '=', 'hamad').execute();
    expect(rows).toEqual([{ id: firstUser.id }]);
  });

  it('gives a second person with the same name a different username', async () => {
    const { sid } = await signIn('hamad@example.org');
    const user = await me(sid);
    expect(user.email).toBe('hamad@example.org');
    expect(user.displayName).toBe('Hamad');
    expect(user.username).toMatch(/^Hamad\d{3,5}$/);
  });

  it('refuses a callback whose state cookie is wrong or missing, and sets no session', async () => {
    const before = await countUsers();
    for (const cookies of [
      (): Record<string, string> => ({ souq_oidc: 'not-the-state' }),
      (): Record<string, string> => ({}),
    ]) {
      const { res } = await signIn('intruder', cookies);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(FAILED);
      expect(res.cookies.find((c) => c.name === 'souq_sid')).toBeUndefined();
    }
    expect(await countUsers()).toBe(before);
    expect(await userRow('intruder@example.com')).toBeUndefined();
  });

  it('accepts a callback only once', async () => {
    const { res, callback, state } = await signIn('once');
    expect(res.headers.location).toBe('/auth/popup-done');
    const replay = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: { souq_oidc: state },
    });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe(FAILED);
    expect(replay.cookies.find((c) => c.name === 'souq_sid')).toBeUndefined();
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const { location, state } = await start();
    const jar = new CookieJar();
    const signInPage = asPage(await visit(jar, new URL(location)));
    const cancel = /<a id="cancel" href="([^"]+)">/.exec(signInPage.html)![1]!;
    const callback = asRedirect(await visit(jar, new URL(cancel, signInPage.url)));
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    const res = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: { souq_oidc: state },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(FAILED);
    expect(res.cookies.find((c) => c.name === 'souq_sid')).toBeUndefined();
  });

  it('links an existing password account when the provider has verified the email', async () => {
    const existing = await t.accounts.createAccountDirectly({
      email: 'layla@example.com',
      username: 'layla',
      phone: '0501234567',
      password: 'secret-pass',
      verified: false,
    });
    const before = await countUsers();
    const { res, sid } = await signIn('layla');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/popup-done');
    expect(await countUsers()).toBe(before);
    expect(await me(sid)).toEqual({
      id: existing.id,
      email: 'layla@example.com',
      username: 'layla',
      displayName: null,
      emailVerified: true,
      profilePic: DEFAULT_PROFILE_PIC,
      hasPassword: true,
      createdAt: existing.created_at,
      locale: null,
      staff: false,
      suspension: null,
    });
    expect(await userRow('layla@example.com')).toMatchObject({ id: existing.id, google_sub: 'google-layla' });

    // Next time the provider's subject alone finds the account.
    const again = await signIn('layla');
    expect(again.res.headers.location).toBe('/auth/popup-done');
    expect((await me(again.sid)).id).toBe(existing.id);
    expect(await countUsers()).toBe(before);
  });

  it('refuses to link an existing account when the provider has not verified the email', async () => {
    await t.accounts.createAccountDirectly({
      email: 'mona@example.com',
      username: 'mona',
      phone: '0501234567',
      password: 'secret-pass',
      verified: true,
    });
    const before = await countUsers();
    const { res } = await signIn('mona');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/auth/popup-done?error=${encodeURIComponent(MSG.googleEmailUnverified)}`);
    expect(res.cookies.find((c) => c.name === 'souq_sid')).toBeUndefined();
    expect(await countUsers()).toBe(before);
    expect(await userRow('mona@example.com')).toMatchObject({ google_sub: null });
  });

  it('creates an unverified account when the provider has not verified a new email', async () => {
    const { res, sid } = await signIn('newbie');
    expect(res.headers.location).toBe('/auth/popup-done');
    expect(await me(sid)).toMatchObject({
      email: 'newbie@example.com',
      username: 'NewBie',
      displayName: 'New Bie',
      emailVerified: false,
      hasPassword: false,
    });
  });
});

describe.each(DIALECTS)('Login using Google when not configured (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { oidc: { issuer: 'https://accounts.google.com' }, publicUrl: PUBLIC_URL });
  });
  afterAll(() => t?.close());

  it('says why Google sign-in is unavailable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      google: { enabled: false, reason: 'Google sign-in is not configured on this server.' },
    });
  });

  it('answers the start URL with a 503', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Google sign-in is not configured on this server.' },
    });
    expect(res.cookies.find((c) => c.name === 'souq_oidc')).toBeUndefined();
  });

  it('turns a stray callback into the popup error page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=x&state=y',
      cookies: { souq_oidc: 'y' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/auth/popup-done?error=${encodeURIComponent(MSG.googleNotConfigured)}`);
    expect(res.cookies.find((c) => c.name === 'souq_sid')).toBeUndefined();
  });
});

describe.each(DIALECTS)('Login using Google while the provider is unreachable (%s)', (dialect) => {
  let t: TestApp;
  let op: OidcTestProvider | undefined;
  let port: number;
  beforeAll(async () => {
    // Find a free port, then leave nothing listening on it.
    const probe = await startOidcProvider({ ...CLIENT, redirectUris: [CALLBACK] });
    port = Number(new URL(probe.issuer).port);
    await probe.close();
    t = await startTestApp(dialect, { oidc: { issuer: `http://127.0.0.1:${port}`, ...CLIENT }, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  it('ends the popup with the error instead of a JSON page, and recovers once the provider is back', async () => {
    const down = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(down.statusCode).toBe(302);
    expect(down.headers.location).toBe(FAILED);
    expect(down.cookies.find((c) => c.name === 'souq_oidc')).toBeUndefined();
    expect(await t.database.db.selectFrom('oidc_states').select('nonce').execute()).toEqual([]);

    op = await startOidcProvider({ ...CLIENT, redirectUris: [CALLBACK], port });
    const up = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(up.statusCode).toBe(302);
    expect(up.headers.location).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth\\?`));
    expect(up.cookies.find((c) => c.name === 'souq_oidc')).toBeDefined();
  });
});
