import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { Lru } from '../lib/lru.js';
import type { CounterCell } from '../metrics/cells.js';
import { keptBody, keptEncoding, sendKept, type Encoding, type KeptBody } from './compression.js';
import { keepWire, sendWire, sentForAnyone, type EarlyAnswer, type Wire, type Wires } from './wire.js';
import { SESSION_COOKIE } from './session.js';
import type { UserRow } from '../db/schema.js';
import { personalVariants, sessionTokenOf, type Personalize } from './personal-answers.js';
import type { KeptSessions } from './session-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See SHARED_ANSWER and SHARED_WHEN_SIGNED_OUT. */
    sharedAnswer?: 'everyone' | 'signedOut';
    /**
     * For a 'signedOut' answer: a signed-in reader's own fields, read for the request's params, so
     * their answer is the kept one with those fields set (see personal-answers.ts).
     */
    personalAnswer?: {
      /** The reader's own fields for the request's params. */
      fields: (params: unknown) => Personalize;
      /** Those fields as everyone signed out reads them: a signed-in reader's answer, so set, is the shared one. */
      signedOut: Record<string, unknown>;
    };
  }
  interface FastifyRequest {
    /** A signed-in reader whose answer is kept, with their fields taken out, as everyone's. */
    sharedAnswerFromPersonal: UserRow | undefined;
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

type Headers = Record<string, Wire['headers'][number]>;

/** A reply's headers as sent, for a wire built later (wireOf sets the length and the request id). */
const headersOf = (headers: Record<string, Wire['headers'][number] | undefined>): Headers =>
  Object.fromEntries(Object.entries(headers).filter((e): e is [string, Wire['headers'][number]] => e[1] !== undefined));

interface Answer extends KeptBody {
  version: string;
  sharing: 'everyone' | 'signedOut';
  /** Its route's count of answers sent early, found once when the answer is kept. */
  sentEarly: CounterCell;
  wire: Wires;
  /** Fastify's headers for this URL in each encoding, from any reader: a personal variant's. */
  headers: Partial<Record<Encoding | 'identity', Headers>>;
  /** For signed-in readers: their own fields, and the variants built with them. */
  personal?: { fields: Personalize; variant: ReturnType<typeof personalVariants>; read: ReturnType<typeof readersOf> };
}

export type { EarlyAnswer };

/** What answers kept and sent early need of the app (here and in reader-answers.ts). */
export interface KeptAnswerNeeds {
  draining: () => boolean;
  log: FastifyBaseLogger;
  /** A route's count of answers sent early. */
  counter: (route: string) => CounterCell;
  /** The signed-in reader of a session token, as the session hook finds them. */
  userOf: KeptSessions;
}

/** Signed-in readers whose own fields are remembered with a kept answer. */
const READERS_KEPT = 256;

/**
 * A kept answer's readers' own fields, each read once while the data is what the answer was built
 * from (issue 43: a person opening a product again, or its page and its API, reads nothing). Every
 * field is stored data, so an unchanged data version means unchanged fields; the answer itself is
 * dropped at the next write, and with it what it remembered. A read that saw a write happen is
 * not remembered.
 */
function readersOf(version: string, dataVersion: () => string) {
  const readers = new Lru<string, Record<string, unknown> | null>(READERS_KEPT);
  const read = async (user: UserRow, fields: Personalize) => {
    const known = readers.get(user.id);
    if (known !== undefined) return known;
    const own = await fields(user);
    if (dataVersion() === version) readers.set(user.id, own);
    return own;
  };
  return Object.assign(read, { peek: (user: UserRow) => readers.get(user.id) });
}

/** Sends signed-in readers their variant of a kept answer (see answerPersonal). */
function personalSender(
  userOf: KeptSessions,
  dataVersion: () => string,
  early: { draining: () => boolean; log: FastifyBaseLogger },
) {
  /**
   * A signed-in reader of a kept answer with fields of their own: one seen since the last write,
   * whose fields are remembered, is answered at once with nothing read. Otherwise their fields are
   * read, then the kept answer goes out with them, unless anything moved meanwhile (a write, a
   * drain) or their answer is not this one: then Fastify answers.
   */
  return function answerPersonal(
    answer: Answer,
    personal: NonNullable<Answer['personal']>,
    to: {
      req: IncomingMessage;
      res: ServerResponse;
      toFastify: () => void;
      token: string;
      encoding: Encoding | 'identity';
      headers: Headers;
    },
  ) {
    const send = (fields: Record<string, unknown>) => {
      sendWire(to.req, to.res, personal.variant(fields, to.encoding, to.headers), early.log, 'kept answer, personal');
      answer.sentEarly.value++;
    };
    const known = userOf.peek(to.token, answer.version);
    const remembered = known && personal.read.peek(known);
    if (remembered) return send(remembered);
    void (async () => {
      const user = await userOf(to.token);
      const fields = user && (await personal.read(user, personal.fields));
      if (!fields || answer.version !== dataVersion() || early.draining()) return to.toFastify();
      send(fields);
    })().catch(to.toFastify);
  };
}

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
  early: KeptAnswerNeeds,
): EarlyAnswer | undefined {
  if (!dataVersion) return undefined;
  const { userOf } = early;
  const answers = new Lru<string, Answer>(SHARED_ANSWERS);
  app.decorateRequest('sharedAnswerVersion', undefined);
  app.decorateRequest('sharedAnswerSent', undefined);
  app.decorateRequest('sharedAnswerFromPersonal', undefined);

  app.addHook('preHandler', (request, reply, done) => {
    const { sharedAnswer: sharing, personalAnswer } = request.routeOptions.config;
    if (!sharing || request.method !== 'GET') return done();
    if (sharing === 'signedOut' && request.currentUser) {
      // A signed-in reader of an answer with fields of their own: with none kept, theirs, less
      // those fields, is kept as everyone's (so a page read only by signed-in people is kept too).
      const version = dataVersion();
      if (personalAnswer && answers.get(request.url)?.version !== version) {
        request.sharedAnswerVersion = version;
        request.sharedAnswerFromPersonal = request.currentUser;
      }
      return done();
    }
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

  /** What everyone signed out reads, from a signed-in reader's answer: null when theirs is not it with fields changed. */
  async function sharedFromPersonal(request: FastifyRequest, payload: string): Promise<string | null> {
    const personal = request.routeOptions.config.personalAnswer!;
    if (!(await personal.fields(request.params)(request.sharedAnswerFromPersonal!))) return null;
    return JSON.stringify(Object.assign(JSON.parse(payload) as object, personal.signedOut));
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const version = request.sharedAnswerVersion;
    const { sharedAnswer: sharing, personalAnswer: personal } = request.routeOptions.config;
    if (version === undefined || !sharing || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const shared = request.sharedAnswerFromPersonal ? await sharedFromPersonal(request, payload) : payload;
    if (shared === null) return payload;
    const kept = keptBody(shared);
    if (kept.bytes <= LARGEST_KEPT)
      answers.set(request.url, {
        version,
        sharing,
        sentEarly: early.counter(request.routeOptions.url!),
        wire: {},
        headers: {},
        ...kept,
        ...(personal && {
          personal: {
            fields: personal.fields(request.params),
            variant: personalVariants(kept),
            read: readersOf(version, dataVersion),
          },
        }),
      });
    return payload;
  });

  // What Fastify sent for a kept answer, all hooks included, is what the early path sends.
  app.addHook('onResponse', (request, reply, done) => {
    if (!sentForAnyone(reply)) return done();
    const encoding = reply.getHeader('content-encoding') as Encoding | undefined;
    const answer = request.sharedAnswerSent;
    if (answer) keepWire(reply, answer, answer.wire);
    // A signed-in reader's answer carries the same headers as everyone's: their variants' headers.
    const personal = request.currentUser && request.routeOptions.config.personalAnswer && answers.get(request.url);
    const heard = answer ?? (personal || undefined);
    if (heard) heard.headers[encoding ?? 'identity'] = headersOf(reply.getHeaders());
    done();
  });

  const answerPersonal = personalSender(userOf, dataVersion, early);
  return (req, res, toFastify) => {
    if (req.method !== 'GET' || early.draining()) return false;
    const answer = answers.get(req.url!);
    if (!answer || answer.version !== dataVersion()) return false;
    const encoding = keptEncoding(req.headers['accept-encoding'], answer) ?? 'identity';
    if (answer.sharing === 'signedOut' && req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) {
      const token = sessionTokenOf(req, SESSION_COOKIE);
      const headers = answer.headers[encoding];
      if (!token || !answer.personal || !headers) return false;
      answerPersonal(answer, answer.personal, { req, res, toFastify, token, encoding, headers });
      return true;
    }
    const wire = answer.wire[encoding];
    if (!wire) return false;
    sendWire(req, res, wire, early.log, 'kept answer');
    answer.sentEarly.value++;
    return true;
  };
}
