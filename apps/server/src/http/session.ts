import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@souq/shared';
import type { UserRow } from '../db/schema.js';
import type { NewSession } from '../modules/accounts/service.js';
import type { Clock } from '../lib/clock.js';
import { DomainError } from '../lib/errors.js';
import { refuseIfSuspended } from '../lib/suspension.js';

export const SESSION_COOKIE = 'souq_sid';

declare module 'fastify' {
  interface FastifyInstance {
    /** Behind https the cookie is always Secure, whether or not the proxy says so. */
    secureCookies: boolean;
    /** The server's clock, for the gates that depend on time (a suspension's end). */
    clock: Clock;
  }
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionToken: string | undefined;
    /** Who a route's access gate let through (http/contract-routes.ts); null on a public route. */
    gatedUser: UserRow | null;
  }
}

/**
 * Resolves the session cookie to a user once per API request. Cookies are parsed here, for API
 * requests only (@fastify/cookie is registered with `hook: false`): files and pages need none,
 * and a request without a session cookie is answered without touching the database.
 */
export function registerSessions(
  app: FastifyInstance,
  userOf: (token: string) => Promise<UserRow | undefined>,
  publicUrl: string,
  clock: Clock,
): void {
  app.decorate('secureCookies', publicUrl.startsWith('https:'));
  app.decorate('clock', clock);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionToken', undefined);
  app.decorateRequest('gatedUser', null);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const header = request.headers.cookie;
    request.cookies = header ? app.parseCookie(header) : {};
    request.sessionToken = request.cookies[SESSION_COOKIE];
    if (!request.sessionToken) return done();
    userOf(request.sessionToken).then((user) => {
      request.currentUser = user ?? null;
      done();
    }, done);
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
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.secureCookies || 'auto',
  });
}

/** The one "logged in" check: the access gate of every route whose endpoint needs one (contract-routes.ts). */
export function requireUser(request: FastifyRequest, message: string = MSG.mustBeLoggedIn): UserRow {
  if (!request.currentUser) throw new DomainError('UNAUTHENTICATED', message);
  return request.currentUser;
}

/** The one verified-email gate, for every action that needs one: 403 EMAIL_NOT_VERIFIED, which the browser turns into its prompt. */
export function requireVerifiedUser(
  request: FastifyRequest,
  messages: { loggedOut?: string; unverified?: string } = {},
): UserRow {
  const user = requireUser(request, messages.loggedOut);
  if (!user.email_verified_at)
    throw new DomainError('EMAIL_NOT_VERIFIED', messages.unverified ?? MSG.verificationRequired);
  return user;
}

/**
 * The user a gated route's `preValidation` let in, signed in or verified as its contract entry
 * says: handlers take it from here rather than asking again. On a public route there is none,
 * whoever is signed in, so a handler reaching for it there fails every time, not only for visitors.
 */
export function gatedUser(request: FastifyRequest): UserRow {
  const user = request.gatedUser;
  if (!user) throw new Error(`${request.routeOptions.url}: no access gate let a user in (the endpoint is public)`);
  return user;
}

/** Whether a request outside /api (a page) comes with a session cookie, parsed only when asked. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return header !== undefined && request.server.parseCookie(header)[SESSION_COOKIE] !== undefined;
}

/** The one staff gate (issue 31): staff is a flag only the command line sets; everyone else gets 403. */
export function requireStaff(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.staff !== 1) throw new DomainError('FORBIDDEN', MSG.staffOnly);
  return user;
}

/**
 * The one suspension gate (issue 42), on every write whose contract entry is `refusedWhileSuspended`:
 * a suspended person keeps their own account, orders and disputes, and reaches nobody else.
 */
export function refuseSuspended(request: FastifyRequest, user: UserRow): void {
  refuseIfSuspended(user, request.server.clock.iso());
}
