import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { DomainError } from '../../lib/errors.js';
import { routeOf, typed } from '../../http/contract-routes.js';
import { requestLocale, setLocaleCookie } from '../../http/locale.js';
import { authRateLimit } from '../../http/security.js';
import { clearSessionCookie, gatedUser, setSessionCookie } from '../../http/session.js';
import type { OidcSignIn } from './oidc.js';
import type { AccountsService } from './service.js';

const OIDC_COOKIE = 'souq_oidc';
const OIDC_COOKIE_PATH = '/api/auth/google';
const C = API.accounts;

type App = ReturnType<typeof typed>;
type Limited = ReturnType<typeof authRateLimit>;

export function accountsRoutes(accounts: AccountsService, oidc: OidcSignIn, rateLimitPerMinute: number) {
  const limited = authRateLimit(rateLimitPerMinute);

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({
      ...routeOf(C.me),
      handler: async (request) => ({
        user: request.currentUser ? accounts.toSessionUser(request.currentUser) : null,
      }),
    });

    app.route({
      ...routeOf(API.admin.audit),
      handler: async (request) => accounts.auditLog(request.query.before),
    });

    signInRoutes(app, accounts, limited);
    credentialRoutes(app, accounts, limited);
    googleRoutes(app, accounts, oidc, limited);
  };
}

/** Signing up, in and out, and the account's language. */
function signInRoutes(app: App, accounts: AccountsService, limited: Limited) {
  app.route({
    ...routeOf(C.register),
    ...limited,
    handler: async (request, reply) => {
      const result = await accounts.register(
        request.body,
        request.headers['user-agent'],
        request.log,
        requestLocale(request),
      );
      setSessionCookie(reply, result.session);
      return reply.status(201).send({ user: result.user, verificationSent: result.verificationSent });
    },
  });

  app.route({
    ...routeOf(C.login),
    ...limited,
    handler: async (request, reply) => {
      const result = await accounts.login(request.body, request.headers['user-agent']);
      // A fresh id at every sign-in, so an id planted before login is worthless after it.
      await accounts.logout(request.sessionToken);
      setSessionCookie(reply, result.session);
      // The account's language follows it to this device (issue 29).
      if (result.user.locale) setLocaleCookie(reply, result.user.locale);
      return { user: result.user };
    },
  });

  app.route({
    ...routeOf(C.setLocale),
    handler: async (request, reply) => {
      await accounts.setLocale(gatedUser(request), request.body.locale);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(C.logout),
    handler: async (request, reply) => {
      await accounts.logout(request.sessionToken);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  });

  app.route({
    ...routeOf(C.logoutAll),
    handler: async (request, reply) => {
      const user = gatedUser(request);
      await accounts.logoutEverywhere(user.id);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  });
}

/** The email address's verification and the password's reset and change. */
function credentialRoutes(app: App, accounts: AccountsService, limited: Limited) {
  app.route({
    ...routeOf(C.resendVerification),
    ...limited,
    handler: async (request) => {
      const result = await accounts.resendVerification(gatedUser(request), request.log);
      return { ...result, message: result.alreadyVerified ? MSG.alreadyVerified : MSG.verificationSent };
    },
  });

  app.route({
    ...routeOf(C.verifyEmail),
    ...limited,
    handler: async (request) => {
      const user = await accounts.verifyEmail(request.body);
      return { user, message: MSG.emailVerified };
    },
  });

  app.route({
    ...routeOf(C.passwordReset),
    ...limited,
    handler: async (request) => {
      await accounts.requestPasswordReset(request.body);
      return { message: MSG.resetRequested };
    },
  });

  app.route({
    ...routeOf(C.passwordResetConfirm),
    ...limited,
    handler: async (request, reply) => {
      await accounts.resetPassword(request.body);
      clearSessionCookie(reply);
      return { message: MSG.passwordReset };
    },
  });

  app.route({
    ...routeOf(C.changePassword),
    ...limited,
    handler: async (request) => {
      const user = gatedUser(request);
      await accounts.changePassword(user, request.sessionToken!, request.body);
      return { message: MSG.passwordChanged };
    },
  });
}

/** Signing in with Google (OIDC) in a popup. */
function googleRoutes(app: App, accounts: AccountsService, oidc: OidcSignIn, limited: Limited) {
  app.route({
    ...routeOf(C.providers),
    handler: async () => ({
      google: { enabled: oidc.enabled, ...(oidc.reason ? { reason: oidc.reason } : {}) },
    }),
  });

  app.route({
    ...routeOf(C.googleStart),
    ...limited,
    handler: async (request, reply) => {
      let started: Awaited<ReturnType<OidcSignIn['start']>>;
      try {
        started = await oidc.start();
      } catch (error) {
        if (error instanceof DomainError) throw error;
        // The provider is unreachable: this page is the popup, so end it the way the callback does.
        request.log.warn({ err: error }, 'google sign-in could not start');
        return reply.redirect(`/auth/popup-done?error=${encodeURIComponent(MSG.googleFailed)}`);
      }
      const { url, state } = started;
      reply.setCookie(OIDC_COOKIE, state, {
        path: OIDC_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: 600,
      });
      return reply.redirect(url);
    },
  });

  app.route({
    ...routeOf(C.googleCallback),
    handler: async (request, reply) => {
      const browserState = request.cookies[OIDC_COOKIE];
      reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
      try {
        const claims = await oidc.finish(request.url, browserState);
        const result = await accounts.signInWithOidc(claims, request.headers['user-agent'], requestLocale(request));
        await accounts.logout(request.sessionToken);
        setSessionCookie(reply, result.session);
        if (result.user.locale) setLocaleCookie(reply, result.user.locale);
        return reply.redirect('/auth/popup-done');
      } catch (error) {
        request.log.warn({ err: error }, 'google sign-in failed');
        const message = error instanceof DomainError ? error.message : MSG.googleFailed;
        return reply.redirect(`/auth/popup-done?error=${encodeURIComponent(message)}`);
      }
    },
  });
}
