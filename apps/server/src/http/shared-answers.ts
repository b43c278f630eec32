import type { FastifyBaseLogger, FastifyInstance, RouteShorthandOptions } from 'fastify';
import { Lru } from '../lib/lru.js';
import type { CounterCell } from '../metrics/cells.js';
import { keptBody, keptEncoding, sendKept, type Encoding, type KeptBody } from './compression.js';
import { sendWire, wireOf, type EarlyAnswer, type Wire } from './wire.js';
import { SESSION_COOKIE } from './session.js';
import type { UserRow } from '../db/schema.js';
import { personalVariants, sessionTokenOf, type Personalize } from './personal-answers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See SHARED_ANSWER and SHARED_WHEN_SIGNED_OUT. */
    sharedAnswer?: 'everyone' | 'signedOut';
    /**
     * For a 'signedOut' answer: a signed-in reader's own fields, read for the request's params, so
     * their answer is the kept one with those fields set (see personal-answers.ts).
     */
    personalAnswer?: (params: unknown) => Personalize;
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
  /** For signed-in readers: their own fields, and the variants built with them. */
  personal?: { fields: Personalize; variant: ReturnType<typeof personalVariants> };
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
  early: {
    draining: () => boolean;
    log: FastifyBaseLogger;
    counter: (route: string) => CounterCell;
    /** The signed-in reader of a session token, as the session hook finds them. */
    userOf: (token: string) => Promise<UserRow | undefined>;
  },
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
      const personal = request.routeOptions.config.personalAnswer;
      if (kept.bytes <= LARGEST_KEPT)
        answers.set(request.url, {
          version,
          sharing,
          sentEarly: early.counter(request.routeOptions.url!),
          wire: {},
          ...kept,
          ...(personal && { personal: { fields: personal(request.params), variant: personalVariants(kept) } }),
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

  return (req, res, toFastify) => {
    if (req.method !== 'GET' || early.draining()) return false;
    const answer = answers.get(req.url!);
    if (!answer) return false;
    const encoding = keptEncoding(req.headers['accept-encoding'], answer) ?? 'identity';
    const wire = answer.wire[encoding];
    if (!wire || answer.version !== dataVersion()) return false;
    const token = answer.sharing === 'signedOut' ? sessionTokenOf(req, SESSION_COOKIE) : undefined;
    if (answer.sharing === 'signedOut' && req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) {
      if (!token || !answer.personal) return false;
      const { personal } = answer;
      // A signed-in reader: their fields are read, then the kept answer goes out with them, unless
      // anything moved meanwhile (a write, a drain) or their answer is not this one: then Fastify answers.
      void (async () => {
        const user = await early.userOf(token);
        const fields = user && (await personal.fields(user));
        if (!fields || answer.version !== dataVersion() || early.draining()) return toFastify();
        sendWire(req, res, personal.variant(fields, encoding, wire), early.log, 'kept answer, personal');
        answer.sentEarly.value++;
      })().catch(toFastify);
      return true;
    }
    sendWire(req, res, wire, early.log, 'kept answer');
    answer.sentEarly.value++;
    return true;
  };
}
