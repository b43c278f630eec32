import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@souq/shared';
import { DomainError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origin this request was sent to: scheme and host, as a browser would write it. The scheme
 * counts: a page served over https is another origin than the same host over http.
 */
function ownOrigin(protocol: string, host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site. SameSite=Lax already
 * keeps the cookie off most of them; this closes the rest (and same-site subdomains).
 * Requests with neither header come from non-browser clients, which carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  const isCrossSite = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (origin) {
      if (origin === publicOrigin || origin === ownOrigin(request.protocol, request.headers.host)) return false;
      return true;
    }
    const site = request.headers['sec-fetch-site'];
    return site === 'cross-site' || site === 'same-site';
  };
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      !SAFE_METHODS.has(request.method) && isCrossSite(request)
        ? new DomainError('CROSS_SITE', MSG.crossSite)
        : undefined,
    );
  });
}
