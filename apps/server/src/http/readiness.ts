import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from './contract-routes.js';

/** One thing the instance needs to serve people; `check` rejects while it is out of reach. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export interface Readiness {
  /**
   * From now on `/api/ready` answers 503 while every other request is still served: the balancer
   * takes the instance out of rotation before the drain starts refusing anyone (main.ts).
   */
  withdraw(): void;
}

/** A balancer probes every second or two; an answer later than this is as bad as none. */
const CHECK_TIMEOUT_MS = 2000;

function withinTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/api/ready`: whether a balancer should send people here. Unlike `/api/health` (liveness: the
 * process answers and its database does), it also asks Redis and the file storage, and it goes 503
 * as soon as the instance is told to stop (ADR 0029). During the drain itself every request,
 * this one included, is answered 503 by the shutdown hook before it gets here.
 */
export function registerReadiness(app: FastifyInstance, checks: ReadinessCheck[]): Readiness {
  let withdrawn = false;
  /** What failed at the last probe: logged when it changes, not at every probe of an outage. */
  let lastFailure = '';

  const unavailable = (message: string) => ({ error: { code: 'SERVICE_UNAVAILABLE' as const, message } });

  // 'warn': a balancer probes every second or two per instance; a log line each would drown the rest.
  typed(app).route({
    ...routeOf(API.system.ready),
    logLevel: 'warn',
    handler: async (_request, reply) => {
      if (withdrawn) return reply.status(503).send(unavailable('The server is shutting down.'));
      const results = await Promise.allSettled(checks.map(withinTimeout));
      const failed = checks.filter((_, i) => results[i]!.status === 'rejected');
      const failure = failed.map((c) => c.name).join(', ');
      if (failure !== lastFailure) {
        if (failure) {
          const errors = Object.fromEntries(
            failed.map((c) => [c.name, String((results[checks.indexOf(c)] as PromiseRejectedResult).reason)]),
          );
          app.log.warn({ errors }, `not ready: ${failure} out of reach`);
        } else {
          app.log.info('ready again');
        }
        lastFailure = failure;
      }
      if (failure) return reply.status(503).send(unavailable(`Not ready: ${failure} out of reach.`));
      return { ok: true as const };
    },
  });

  return {
    withdraw() {
      withdrawn = true;
    },
  };
}
