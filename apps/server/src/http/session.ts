import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@souq/shared';
import type { UserRow } from '../db/schema.js';
import type { AccountsService, NewSession } from '../modules/accounts/service.js';
import { AppError } from './errors.js';

export const SESSION_COOKIE = 'souq_sid';

declare module 'fastify' {
  interface FastifyInstance {
    /** Behind https the cookie is always Secure, whether or not the proxy says so. */
    secureCookies: boolean;
  }
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionToken: string | undefined;
  }
}

/** Resolves the session cookie to a user once per API request. */
export function registerSessions(app: FastifyInstance, accounts: AccountsService, publicUrl: string): void {
  app.decorate('secureCookies', publicUrl.startsWith('https:'));
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
    secure: reply.server.secureCookies || 'auto',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.secureCookies || 'auto' });
}

/** The one "logged in" check every write uses. */
export function requireUser(request: FastifyRequest, message: string = MSG.mustBeLoggedIn): UserRow {
  if (!request.currentUser) throw new AppError('UNAUTHENTICATED', message);
  return request.currentUser;
}

/** The one verified-email gate (spec §4): 403 EMAIL_NOT_VERIFIED, which the browser turns into its prompt. */
export function requireVerifiedUser(
  request: FastifyRequest,
  messages: { loggedOut?: string; unverified?: string } = {},
): UserRow {
  const user = requireUser(request, messages.loggedOut);
  if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', messages.unverified ?? MSG.verificationRequired);
  return user;
}
