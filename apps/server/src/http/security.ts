import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import helmet, { type HelmetOptions } from 'helmet';
import { MSG } from '@souq/shared';
import { DomainError } from '../lib/errors.js';

function helmetOptions(https: boolean, connectSources: string[]): HelmetOptions {
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
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...connectSources],
        fontSrc: ["'self'"],
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
export function securityHeaders(publicUrl: string, connectSources: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(publicUrl.startsWith('https:'), connectSources))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** `connectSources`: other origins the pages may call, e.g. the Janus API that browsers publish and watch through. */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, connectSources: string[] = []): void {
  const headers = securityHeaders(publicUrl, connectSources);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
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
