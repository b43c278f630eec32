/**
 * A real OpenID Connect provider (panva's `oidc-provider` v9) on 127.0.0.1, port 0, standing in for
 * Google in tests. It serves discovery, JWKS, authorization, token and userinfo like any OP; only the
 * sign-in pages are ours: plain HTML forms, no script, no external resource, so a headless browser
 * (or a `fetch` loop) can drive them. (The package's built-in "devInteractions" pages are not used:
 * they @import a Google web font, which an offline browser would wait on.)
 *
 * Every authorization request shows the same two pages, whatever the browser did before (like
 * Google with `prompt=select_account`, which Souq sends), so a second sign-in has the same steps:
 *
 *   1. Sign-in page, `GET {issuer}/interaction/<uid>`, title "Sign-in - Test OpenID Provider":
 *        fill  `input[name=login]`     any login; it picks the account (see `accounts` below)
 *        fill  `input[name=password]`  any non-empty text; it is not checked
 *        click `button[type=submit]`   (text "Sign-in"; the only button on the page)
 *   2. Consent page, `GET {issuer}/interaction/<uid>`, title "Authorize - Test OpenID Provider":
 *        click `button[type=submit]`   (text "Continue"; the only button on the page)
 *      The provider then redirects (303s) to the client's redirect_uri with `?code&state&iss`.
 *
 *   Either page also has `a#cancel` ("Cancel"): the provider then redirects to the redirect_uri with
 *   `?error=access_denied&state&iss`.
 *   Playwright: `page.fill('input[name=login]', 'sara')`, `page.fill('input[name=password]', 'x')`,
 *   `page.click('button[type=submit]')`, then on the next page `page.click('button[type=submit]')`
 *   (or `page.getByRole('button', { name: 'Sign-in' })` / `{ name: 'Continue' }`).
 *
 * Accounts: the login typed is looked up in `accounts`; an unknown login gets made-up claims:
 *   'sara'             -> { sub: 'sara', email: 'sara@example.com', email_verified: true, name: 'Sara' }
 *   'omar@example.org' -> { sub: 'omar@example.org', email: 'omar@example.org', email_verified: true, name: 'Omar' }
 * The ID token carries sub, email, email_verified and name (scopes `openid email profile`).
 *
 * The client is confidential (client_secret_post by default, as openid-client uses) and PKCE with
 * S256 is required. http:// redirect URIs (localhost, 127.0.0.1) are accepted.
 */
import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy } from 'oidc-provider';

export interface OidcTestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Keyed by the login typed on the sign-in page. */
  accounts?: Record<string, OidcTestAccount>;
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
  /** 0 (any free port) unless given, e.g. to bring a stopped provider back at the same issuer. */
  port?: number;
}

export interface OidcTestProvider {
  /** e.g. http://127.0.0.1:41234 (no trailing slash), the value for OIDC_ISSUER. */
  issuer: string;
  /** Adds or replaces the account a login maps to, for the next sign-ins. */
  setAccount(login: string, account: OidcTestAccount): void;
  close(): Promise<void>;
}

/** The claims a login gets when `accounts` does not name it. */
export function defaultAccount(login: string): OidcTestAccount {
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@example.com`;
  const local = email.split('@')[0]!;
  return { sub: login, email, email_verified: true, name: local.charAt(0).toUpperCase() + local.slice(1) };
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcTestProvider> {
  const byLogin = new Map(Object.entries(options.accounts ?? {}));
  const bySub = new Map<string, OidcTestAccount>();
  for (const account of byLogin.values()) bySub.set(account.sub, account);

  // The issuer contains the port, so listen first and build the provider once the port is known.
  // eslint-disable-next-line prefer-const -- assigned below, after the provider exists
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = http.createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  const policy = interactionPolicy.base();
  // Always ask who is signing in, even when the browser already has a session here.
  policy
    .get('login')!
    .checks.push(
      new interactionPolicy.Check('fixture_always_login', 'the test provider asks at every authorization', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  // Accept prompt=select_account (Google does; Souq sends it): the sign-in page above is the account choice.
  const selectAccount = new interactionPolicy.Prompt({ name: 'select_account', requestable: true });
  selectAccount.checks.clear();
  policy.add(selectAccount, 0);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scope's claims in the ID token too (Google does; openid-client reads them from it).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, Interaction: 3600, Session: 86400, Grant: 86400 },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Consent is asked at every authorization too: only the grant made in this interaction counts.
    loadExistingGrant: async (ctx: { oidc: { result?: { consent?: { grantId?: string } }; provider: Provider } }) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(account.email !== undefined ? { email: account.email } : {}),
          ...(account.email_verified !== undefined ? { email_verified: account.email_verified } : {}),
          ...(account.name !== undefined ? { name: account.name } : {}),
        }),
      };
    },
    renderError: async (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = page('Error', `<pre id="error">${escape(JSON.stringify(out, null, 2))}</pre>`);
    },
  });
  const providerHandler = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const cancel = `<p><a id="cancel" href="/interaction/${escape(uid)}/abort">Cancel</a></p>`;

    if (action === 'abort' && req.method === 'GET') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (action !== undefined) return send(res, 404, page('Not found', '<p>Not found.</p>'));

    if (req.method === 'GET') {
      if (details.prompt.name === 'login') {
        const hint =
          typeof details.params.login_hint === 'string' ? ` value="${escape(details.params.login_hint)}"` : '';
        return send(
          res,
          200,
          page(
            'Sign-in',
            `<form method="post" action="/interaction/${escape(uid)}" autocomplete="off">
  <input type="hidden" name="prompt" value="login">
  <p><label>Login <input required type="text" name="login" autofocus${hint}></label></p>
  <p><label>Password <input required type="password" name="password"></label></p>
  <button type="submit">Sign-in</button>
</form>
${cancel}`,
          ),
        );
      }
      if (details.prompt.name === 'consent') {
        const scopes = String(details.params.scope ?? '')
          .split(' ')
          .filter(Boolean);
        return send(
          res,
          200,
          page(
            'Authorize',
            `<p>${escape(details.params.client_id)} asks for:</p>
<ul>${scopes.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>
<form method="post" action="/interaction/${escape(uid)}" autocomplete="off">
  <input type="hidden" name="prompt" value="consent">
  <button type="submit" autofocus>Continue</button>
</form>
${cancel}`,
          ),
        );
      }
      return send(res, 501, page('Error', `<p>Unsupported prompt ${escape(details.prompt.name)}.</p>`));
    }

    if (req.method !== 'POST') return send(res, 405, page('Error', '<p>Method not allowed.</p>'));
    const body = new URLSearchParams(await readBody(req));
    if (body.get('prompt') !== details.prompt.name)
      return send(res, 400, page('Error', '<p>This page is out of date.</p>'));

    if (details.prompt.name === 'login') {
      const login = body.get('login')?.trim();
      if (!login) return send(res, 400, page('Error', '<p>Type a login.</p>'));
      const account = byLogin.get(login) ?? defaultAccount(login);
      bySub.set(account.sub, account);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }

    // Consent: grant exactly what is missing, as a person clicking "Continue" would.
    const d = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = new provider.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id });
    if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(' '));
    if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
    for (const [indicator, scope] of Object.entries(d.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scope.join(' '));
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  handle = (req, res) => {
    const match = /^\/interaction\/([^/?]+)(?:\/([^/?]+))?(?:\?.*)?$/.exec(req.url ?? '');
    if (!match) return providerHandler(req, res);
    interaction(req, res, decodeURIComponent(match[1]!), match[2]).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      send(
        res,
        400,
        page('Error', `<p id="error">${escape(error instanceof Error ? error.message : String(error))}</p>`),
      );
    });
  };

  return {
    issuer,
    setAccount(login, account) {
      byLogin.set(login, account);
      bySub.set(account.sub, account);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escape(title)} - Test OpenID Provider</title></head>
<body>
<h1>${escape(title)}</h1>
${body}
</body>
</html>
`;
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
