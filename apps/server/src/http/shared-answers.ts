import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { Lru } from '../lib/lru.js';
import { keptBody, sendKept, type KeptBody } from './compression.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See SHARED_ANSWER and SHARED_WHEN_SIGNED_OUT. */
    sharedAnswer?: 'everyone' | 'signedOut';
  }
  interface FastifyRequest {
    /** The data version read before the handler ran, when its answer may be kept for others. */
    sharedAnswerVersion: string | undefined;
  }
}

/**
 * Marks a GET route whose 200 answer is JSON, the same for every reader, and follows from the
 * stored data alone: not from the clock, nothing that expires. Only the body is kept, so the route
 * sets no headers of its own.
 */
export const SHARED_ANSWER: RouteShorthandOptions = { config: { sharedAnswer: 'everyone' } };

/** As SHARED_ANSWER, for an answer that has parts of the reader's own once signed in ("liked by me"). */
export const SHARED_WHEN_SIGNED_OUT: RouteShorthandOptions = { config: { sharedAnswer: 'signedOut' } };

/** Distinct URLs kept: product pages, shop pages and searches, a few kB each. */
export const SHARED_ANSWERS = 500;
/** Larger answers (deep pages of 60) are rare enough to build each time. */
const LARGEST_KEPT = 64 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

interface Answer extends KeptBody {
  version: string;
}

/**
 * A popular product brings many readers of the same answer. Shared-answer routes keep their
 * serialized (and, once asked for, compressed) answer per URL and send it again for as long as
 * the database's data version is unchanged: any write, by this process or another, makes the
 * next reader build a fresh one, so nobody ever reads an answer older than the last write.
 *
 * Only where the database can tell its version cheaply and exactly (SQLite); elsewhere every
 * answer is built.
 */
export function registerSharedAnswers(app: FastifyInstance, dataVersion: (() => string) | undefined): void {
  if (!dataVersion) return;
  const answers = new Lru<string, Answer>(SHARED_ANSWERS);
  app.decorateRequest('sharedAnswerVersion', undefined);

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
    reply.type(JSON_TYPE);
    sendKept(reply, request.headers['accept-encoding'], answer, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const version = request.sharedAnswerVersion;
    if (version !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
      const kept = keptBody(payload);
      if (kept.bytes <= LARGEST_KEPT) answers.set(request.url, { version, ...kept });
    }
    done(null, payload);
  });
}
