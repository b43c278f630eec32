import type { FastifyBaseLogger, FastifyInstance, RouteShorthandOptions } from 'fastify';
import { Lru } from '../lib/lru.js';
import type { CounterCell } from '../metrics/cells.js';
import { keptBody, keptEncoding, sendKept, type Encoding, type KeptBody } from './compression.js';
import { sendWire, wireOf, type EarlyAnswer, type Wire } from './wire.js';
import { SESSION_COOKIE } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See SHARED_ANSWER and SHARED_WHEN_SIGNED_OUT. */
    sharedAnswer?: 'everyone' | 'signedOut';
  }
  interface FastifyRequest {
    /** The data version read before the handler ran, when its answer may be kept for others. */
    sharedAnswerVersion: string | undefined;
    /** The kept answer this request is being sent. */
    sharedAnswerSent: Answer | undefined;
  }
}

/**
 * Marks a GET route whose 200 answer is JSON, the same for every reader, and follows from the
 * stored data alone: not from the clock, nothing that expires. Only the body is kept, so the route
 * sets no headers of its own.
 */
// `satisfies`, not a type: options typed as RouteShorthandOptions would widen the route's typed schema when spread into it.
export const SHARED_ANSWER = { config: { sharedAnswer: 'everyone' } } satisfies RouteShorthandOptions;

/** As SHARED_ANSWER, for an answer that has parts of the reader's own once signed in ("liked by me"). */
export const SHARED_WHEN_SIGNED_OUT = { config: { sharedAnswer: 'signedOut' } } satisfies RouteShorthandOptions;

/** Distinct URLs kept: product pages, shop pages and searches, a few kB each. */
const SHARED_ANSWERS = 500;
/** Larger answers (deep pages of 60) are rare enough to build each time. */
const LARGEST_KEPT = 64 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

interface Answer extends KeptBody {
  version: string;
  sharing: 'everyone' | 'signedOut';
  /** Its route's count of answers sent early, found once when the answer is kept. */
  sentEarly: CounterCell;
  wire: Partial<Record<Encoding | 'identity', Wire>>;
}

export type { EarlyAnswer };

/**
 * A popular product brings many readers of the same answer. Shared-answer routes keep their
 * serialized (and, once asked for, compressed) answer per URL and send it again for as long as
 * the database's data version is unchanged: any write, by this process or another, makes the
 * next reader build a fresh one, so nobody ever reads an answer older than the last write.
 *
 * Once Fastify has sent a kept answer again, with every header its hooks add, those exact bytes
 * can be sent to the next reader of that URL before Fastify sees the request at all (the returned
 * EarlyAnswer, ADR 0027). That is only for what Fastify would answer the same way: a GET, while
 * the server is not draining, with the same data version, and without a session cookie where the
 * answer is for signed-out readers. Anything else goes through Fastify.
 *
 * Only where the database can tell its version cheaply and exactly (SQLite); elsewhere every
 * answer is built.
 */
export function registerSharedAnswers(
  app: FastifyInstance,
  dataVersion: (() => string) | undefined,
  early: { draining: () => boolean; log: FastifyBaseLogger; counter: (route: string) => CounterCell },
): EarlyAnswer | undefined {
  if (!dataVersion) return undefined;
  const answers = new Lru<string, Answer>(SHARED_ANSWERS);
  app.decorateRequest('sharedAnswerVersion', undefined);
  app.decorateRequest('sharedAnswerSent', undefined);

  app.addHook('preHandler', (request, reply, done) => {
    const sharing = request.routeOptions.config.sharedAnswer;
    if (!sharing || (sharing === 'signedOut' && request.currentUser) || request.method !== 'GET') return done();
    // Read before the handler's queries: an answer is labelled no newer than the data it holds.
    const version = dataVersion();
    const answer = answers.get(request.url);
    if (answer?.version !== version) {
      request.sharedAnswerVersion = version;
      return done();
    }
    request.sharedAnswerSent = answer;
    reply.type(JSON_TYPE);
    sendKept(reply, request.headers['accept-encoding'], answer, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const version = request.sharedAnswerVersion;
    const sharing = request.routeOptions.config.sharedAnswer;
    if (version !== undefined && sharing && reply.statusCode === 200 && typeof payload === 'string') {
      const kept = keptBody(payload);
      if (kept.bytes <= LARGEST_KEPT)
        answers.set(request.url, {
          version,
          sharing,
          sentEarly: early.counter(request.routeOptions.url!),
          wire: {},
          ...kept,
        });
    }
    done(null, payload);
  });

  // What Fastify sent for a kept answer, all hooks included, is what the early path sends.
  app.addHook('onResponse', (request, reply, done) => {
    const answer = request.sharedAnswerSent;
    // Not while draining (the answer says "connection: close"), nor anything meant for one client.
    if (answer && reply.statusCode === 200 && !reply.hasHeader('connection') && !reply.hasHeader('set-cookie')) {
      const encoding = reply.getHeader('content-encoding') as Encoding | undefined;
      const body = encoding ? answer.compressed[encoding] : answer.body;
      if (body !== undefined) answer.wire[encoding ?? 'identity'] = wireOf(reply.getHeaders(), body);
    }
    done();
  });

  return (req, res) => {
    if (req.method !== 'GET' || early.draining()) return false;
    const answer = answers.get(req.url!);
    if (!answer || (answer.sharing === 'signedOut' && req.headers.cookie?.includes(`${SESSION_COOKIE}=`))) return false;
    const wire = answer.wire[keptEncoding(req.headers['accept-encoding'], answer) ?? 'identity'];
    if (!wire || answer.version !== dataVersion()) return false;
    sendWire(req, res, wire, early.log, 'kept answer');
    answer.sentEarly.value++;
    return true;
  };
}
