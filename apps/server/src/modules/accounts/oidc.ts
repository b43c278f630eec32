import * as client from 'openid-client';
import type { Kysely } from 'kysely';
import { MSG } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import * as q from './queries.js';
import { hashSecret } from './secrets.js';

const ATTEMPT_TTL_MS = 10 * 60_000;

export interface OidcSettings {
  issuer: string;
  clientId?: string;
  clientSecret?: string;
}

export interface OidcClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;

/** "Login using Google": authorization code flow with PKCE, state and nonce (openid-client). */
export function createOidcSignIn(deps: { db: Kysely<DB>; settings: OidcSettings; publicUrl: string; clock: Clock }) {
  const { issuer, clientId, clientSecret } = deps.settings;
  const { clock } = deps;
  const redirectUri = `${deps.publicUrl}/api/auth/google/callback`;
  const enabled = Boolean(clientId && clientSecret);
  let configuration: Promise<client.Configuration> | undefined;

  function discover(): Promise<client.Configuration> {
    // Discovery is lazy and retried: the provider being down must not stop Souq from starting.
    configuration ??= client
      .discovery(
        new URL(issuer),
        clientId!,
        clientSecret!,
        undefined,
        issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    enabled,
    reason: enabled ? undefined : MSG.googleNotConfigured,

    /** Returns the provider URL to open and the state to bind to this browser in a cookie. */
    async start(): Promise<{ url: string; state: string }> {
      if (!enabled) throw new DomainError('SERVICE_UNAVAILABLE', MSG.googleNotConfigured);
      const config = await discover();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      await q.insertOidcState(deps.db, {
        state_hash: hashSecret(state),
        nonce,
        code_verifier: verifier,
        expires_at: clock.iso(ATTEMPT_TTL_MS),
      });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
      return { url: url.href, state };
    },

    /** Checks the callback against the attempt this browser started and returns the verified claims. */
    async finish(callbackPathAndQuery: string, browserState: string | undefined): Promise<OidcClaims> {
      if (!enabled) throw new DomainError('SERVICE_UNAVAILABLE', MSG.googleNotConfigured);
      const callbackUrl = new URL(callbackPathAndQuery, deps.publicUrl);
      const state = callbackUrl.searchParams.get('state');
      if (!state || state !== browserState) throw new DomainError('TOKEN_INVALID', MSG.googleFailed);
      const attempt = await q.takeOidcState(deps.db, hashSecret(state), clock.iso());
      if (!attempt) throw new DomainError('TOKEN_INVALID', MSG.googleFailed);
      const config = await discover();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: attempt.code_verifier,
        expectedState: state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new DomainError('TOKEN_INVALID', MSG.googleFailed);
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}
