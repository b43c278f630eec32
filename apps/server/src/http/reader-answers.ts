import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { Lru } from '../lib/lru.js';
import type { CounterCell } from '../metrics/cells.js';
import { keptBody, keptEncoding, sendKept, type KeptBody } from './compression.js';
import { sessionTokenOf } from './personal-answers.js';
import { SESSION_COOKIE } from './session.js';
import type { KeptAnswerNeeds } from './shared-answers.js';
import { keepWire, sendWire, sentForAnyone, type EarlyAnswer, type Wires } from './wire.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See keptForItsReader. */
    readerAnswer?: ReaderAnswer;
  }
  interface FastifyRequest {
    /** The data version and stamp read before the handler ran, when its answer may be kept for its reader. */
    readerAnswerLabel: { version: string; stamp: string } | undefined;
    /** The kept answer this request is being sent. */
    readerAnswerSent: Kept | undefined;
  }
}

/**
 * What besides stored data a reader's answer follows from (the clock's second, an order built in
 * memory), as a stamp: equal stamps, equal answers. Undefined while it cannot be told.
 */
export interface ReaderAnswer {
  stamp: (reader: UserRow) => string | undefined;
}

/**
 * Marks a GET route whose 200 answer is JSON of its reader's own, following from the stored data
 * and the route's stamp alone. Only the body is kept, so the route sets no headers of its own (its
 * Cache-Control, `private, no-store`, is set here).
 */
export const keptForItsReader = (answer: ReaderAnswer) =>
  ({ config: { readerAnswer: answer } }) satisfies RouteShorthandOptions;

/** Signed-in readers' answers kept: a first page of the feed each, about 9 kB. */
const READER_ANSWERS = 2_000;
const JSON_TYPE = 'application/json; charset=utf-8';

interface Kept extends KeptBody {
  version: string;
  stamp: string;
  answer: ReaderAnswer;
  sentEarly: CounterCell;
  /** What went on the wire for each encoding once Fastify had sent this body. */
  wire: Wires;
}

/**
 * A signed-in reader asking for the same answer again (issue 43: the For You feed's first page)
 * gets it again while nothing is written and the route's stamp is unchanged: kept per reader and
 * URL, and, once Fastify has sent it again with every header its hooks add, sent early as those
 * bytes (ADR 0027). A request whose session, data or stamp has moved goes through Fastify.
 *
 * Only where the database can tell its version cheaply and exactly (SQLite).
 */
export function registerReaderAnswers(
  app: FastifyInstance,
  dataVersion: (() => string) | undefined,
  early: KeptAnswerNeeds,
): EarlyAnswer | undefined {
  // Someone's own answer, kept by no cache but this one; set here, as a kept answer's handler does not run.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.routeOptions.config.readerAnswer) reply.header('cache-control', 'private, no-store');
    done();
  });
  if (!dataVersion) return undefined;
  const kept = new Lru<string, Kept>(READER_ANSWERS);
  // Only a route's own URL is kept, without a query (the feed's first page, not the pages a cursor
  // names): the early path looks up nothing for any other request.
  const paths = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.readerAnswer) paths.add(route.url);
  });
  const keyOf = (reader: UserRow, url: string) => `${reader.id} ${url}`;
  app.decorateRequest('readerAnswerLabel', undefined);
  app.decorateRequest('readerAnswerSent', undefined);

  app.addHook('preHandler', (request, reply, done) => {
    const answer = request.routeOptions.config.readerAnswer;
    const reader = request.currentUser;
    if (!answer || !reader || request.method !== 'GET' || !paths.has(request.url)) return done();
    // Read before the handler's queries: an answer is labelled no newer than what it holds.
    const version = dataVersion();
    const stamp = answer.stamp(reader);
    if (stamp === undefined) return done();
    const hit = kept.get(keyOf(reader, request.url));
    if (hit?.version !== version || hit.stamp !== stamp) {
      request.readerAnswerLabel = { version, stamp };
      return done();
    }
    request.readerAnswerSent = hit;
    reply.type(JSON_TYPE);
    sendKept(reply, request.headers['accept-encoding'], hit, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const label = request.readerAnswerLabel;
    const answer = request.routeOptions.config.readerAnswer;
    if (!label || !answer || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    kept.set(keyOf(request.currentUser!, request.url), {
      ...label,
      ...keptBody(payload),
      answer,
      sentEarly: early.counter(request.routeOptions.url!),
      wire: {},
    });
    return payload;
  });

  app.addHook('onResponse', (request, reply, done) => {
    const hit = request.readerAnswerSent;
    if (hit && sentForAnyone(reply)) keepWire(reply, hit, hit.wire);
    done();
  });

  return (req, res) => {
    if (req.method !== 'GET' || !paths.has(req.url!) || early.draining()) return false;
    if (!req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return false;
    const token = sessionTokenOf(req, SESSION_COOKIE);
    const version = dataVersion();
    const reader = token && early.userOf.peek(token, version);
    const hit = reader ? kept.get(keyOf(reader, req.url!)) : undefined;
    if (!reader || hit?.version !== version || hit.answer.stamp(reader) !== hit.stamp) return false;
    const wire = hit.wire[keptEncoding(req.headers['accept-encoding'], hit) ?? 'identity'];
    if (!wire) return false;
    sendWire(req, res, wire, early.log, 'kept answer, its reader’s');
    hit.sentEarly.value++;
    return true;
  };
}
