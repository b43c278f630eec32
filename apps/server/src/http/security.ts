import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import helmet, { type HelmetOptions } from 'helmet';
import { MSG } from '@souq/shared';
import { DomainError } from '../lib/errors.js';

/** Other origins the pages may use: APIs they call (`connect`), where pictures come from (`img`). */
export interface ExtraSources {
  connect?: string[];
  img?: string[];
  /** Workers from `blob:` URLs: the map's (MapLibre GL builds its worker so), only when a map is configured. */
  blobWorkers?: boolean;
}

function helmetOptions(https: boolean, sources: ExtraSources): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Style attributes in server-rendered pages (a star rating's fill, a skeleton's size: ADR
        // 0025); stylesheets and <style> elements stay our own files only.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(sources.img ?? [])],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...(sources.connect ?? [])],
        fontSrc: ["'self'"],
        ...(sources.blobWorkers ? { workerSrc: ["'self'", 'blob:'] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The Google sign-in popup must keep its link to this window to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets, worked out once. None of our policies depends on the request, and
 * @fastify/helmet rebuilt helmet (re-parsing the CSP) on every request.
 */
function securityHeaders(publicUrl: string, sources: ExtraSources = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(publicUrl.startsWith('https:'), sources))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * `sources.connect`: e.g. the Janus API that browsers publish and watch through; `sources.img`:
 * e.g. the CDN or bucket that serves public photos (`S3_PUBLIC_URL`).
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, sources: ExtraSources = {}): void {
  const headers = securityHeaders(publicUrl, sources);
  const forAssets = assetHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(ASSETS) ? forAssets : headers);
    done();
  });
}

/** The build's scripts and stylesheets (Vite's assets/): fetched by our pages, never opened as one. */
const ASSETS = '/assets/';

/**
 * The headers that mean something on a script or a stylesheet: nosniff (run it only as what it
 * says it is), who may embed it (CORP) and HSTS. A policy for a document (CSP, framing, opener,
 * referrer…) does nothing on a subresource, and a first visit fetches twenty of them: about 600
 * bytes each, 12 KB of a phone's first download (issue 29's budget).
 */
function assetHeaders(headers: Record<string, string>): Record<string, string> {
  const kept = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => kept.includes(name)));
}

/**
 * With `redis` the counts are shared by every instance behind the load balancer; without it each
 * process counts alone. A Redis outage lets requests through (logged) rather than failing sign-in.
 */
export async function registerRateLimits(app: FastifyInstance, redis?: Redis): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'souq-rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: () => new DomainError('RATE_LIMITED', MSG.rateLimited),
  });
}

/** Route options for the endpoints attackers hammer: sign-in, sign-up, resend and reset. */
export const authRateLimit = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });
