import type { FastifyInstance } from 'fastify';
import { MSG } from '@souq/shared';
import { AppError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site. SameSite=Lax already
 * keeps the cookie off most of them; this closes the rest (and same-site subdomains).
 * Requests with neither header come from non-browser clients, which carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      if (origin === publicOrigin) return;
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host && host === request.headers.host) return;
      throw new AppError('CROSS_SITE', MSG.crossSite);
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw new AppError('CROSS_SITE', MSG.crossSite);
  });
}
