import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@souq/shared';

/** How soon a client may try again: another instance, or this one restarted, will be there by then. */
const RETRY_AFTER_SECONDS = 5;

export interface Drain {
  /**
   * Stops taking work: every new request is answered 503 with Retry-After. Resolves once every
   * request already in flight has been answered, or after `graceMs`, when those still running
   * (a long upload) are answered 503 too. No request is left without an answer.
   */
  drain(graceMs: number): Promise<void>;
  /** Whether `drain` has begun: what answers before Fastify must leave every request to it then. */
  draining(): boolean;
}

function answerUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('connection', 'close')
    .send({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.shuttingDown } });
}

/** Registered first, so a draining server answers before doing any work (a session lookup, a body read). */
export function registerGracefulShutdown(app: FastifyInstance): Drain {
  const inFlight = new Map<FastifyRequest, FastifyReply>();
  let draining = false;
  let onIdle: (() => void) | undefined;

  const finished = (request: FastifyRequest) => {
    inFlight.delete(request);
    if (draining && inFlight.size === 0) onIdle?.();
  };

  // Callback hooks, not async ones: these run on every request, and an async hook costs a
  // promise and a turn of the microtask queue each (issue 6).
  app.addHook('onRequest', (request, reply, done) => {
    // Answered here: the request goes no further, so `done` is not called.
    if (draining) return void answerUnavailable(reply);
    inFlight.set(request, reply);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    // A keep-alive connection must not carry another request to a server that is going away.
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finished(request);
    done();
  });

  return {
    draining: () => draining,
    async drain(graceMs) {
      draining = true;
      if (inFlight.size > 0) {
        await new Promise<void>((resolve) => {
          const deadline = setTimeout(resolve, graceMs);
          onIdle = () => {
            clearTimeout(deadline);
            resolve();
          };
        });
      }
      for (const [request, reply] of inFlight) {
        if (reply.sent || reply.raw.headersSent) continue;
        request.log.warn('still running at the end of the shutdown grace period: answered 503');
        answerUnavailable(reply);
      }
    },
  };
}
