import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, pickLocale, type Locale } from '@souq/shared';

/**
 * The request's language (issue 29): the `souq_lang` cookie the browser's switch writes, else
 * Accept-Language, else English.
 */
export const requestLocale = (request: FastifyRequest): Locale =>
  pickLocale(request.headers.cookie, request.headers['accept-language']);

/**
 * Remembers the account's language on this device after a sign-in. The browser reads and writes
 * this cookie itself (the header's switch), so it is not httpOnly; it is Secure as the session is.
 */
export function setLocaleCookie(reply: FastifyReply, locale: Locale): void {
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: reply.server.secureCookies || 'auto',
    maxAge: LOCALE_COOKIE_MAX_AGE_S,
  });
}
