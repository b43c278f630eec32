import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@souq/shared';
import type { UserRow } from '../db/schema.js';
import type { AccountsService, NewSession } from '../modules/accounts/service.js';
import { AppError } from './errors.js';

export const SESSION_COOKIE = 'souq_sid';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionToken: string | undefined;
  }
}

/** Resolves the session cookie to a user once per API request. */
export function registerSessions(app: FastifyInstance, accounts: AccountsService): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionToken', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.sessionToken = request.cookies[SESSION_COOKIE];
    request.currentUser = (await accounts.userForSessionToken(request.sessionToken)) ?? null;
  });
}

export function setSessionCookie(reply: FastifyReply, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' });
}

/** The one "logged in" check every write uses. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new AppError('UNAUTHENTICATED', MSG.mustBeLoggedIn);
  return request.currentUser;
}

/** The one verified-email gate (spec §4): 403 EMAIL_NOT_VERIFIED, which the browser turns into its prompt. */
export function requireVerifiedUser(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', MSG.verificationRequired);
  return user;
}
