import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Mailer } from '../adapters/mail/index.js';
import type { Config } from '../config.js';
import type { DialectName } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { Job } from '../jobs/runner.js';
import type { AfterAnswer } from '../lib/after-answer.js';
import type { Clock } from '../lib/clock.js';
import type { EventBus, Publish } from '../lib/events.js';
import type { MediaService } from '../media/media-service.js';
import type { Metrics } from '../metrics/metrics.js';
import type { SocketParts } from '../realtime/types.js';
import type { UploadReferences } from '../media/orphan-sweep.js';

/** What every module is built from: the shared adapters. Other modules' ports come separately, as each module's `needs`. */
export interface ModuleContext {
  config: Config;
  db: Kysely<DB>;
  dialect: DialectName;
  /**
   * Where the database can tell it cheaply and exactly (SQLite), a label that changes with every
   * write by any process: what a module keeps may be given out again while it is unchanged.
   */
  dataVersion?: () => string;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  media: MediaService;
  /** Announces an event once the transaction behind it has committed. */
  publish: Publish;
  /** Hears every event once its transaction has committed (saved-search alerts hear listings published). */
  subscribe: EventBus['subscribe'];
  /** Runs work the answer must not wait for; shutdown waits for it. */
  afterAnswer: AfterAnswer;
  /** What `/metrics` reports: a module counts its own events there (bids). */
  metrics: Metrics;
}

/** What a module's `create` returns; `port` only for a module others call. */
export type ModuleParts<S, P = undefined> = OwnParts<S> & (P extends undefined ? { port?: undefined } : { port: P });

interface OwnParts<S> {
  /** Everything the module does, for its own routes and sockets (and the app's tests). */
  service: S;
  /** Registers the module's HTTP routes (a Fastify plugin). */
  routes?: (app: FastifyInstance) => Promise<void>;
  jobs?: Job[];
  /** Socket handlers, and the events it turns into socket messages. */
  socket?: SocketParts;
  /**
   * For a module whose rows name uploaded files: every storage key they name (both renditions of
   * an image: `media.filesOfImage(key)`). The orphan sweep deletes old files that no module
   * names, so a module that stores files must answer this (media/orphan-sweep.ts).
   */
  referencedUploads?: UploadReferences;
  /**
   * The image a first visit to `pathname` paints largest, if the module owns that page: index.html
   * goes out with a preload hint for it (http/spa.ts).
   */
  firstPaintImage?: FirstPaintImage;
}

export type FirstPaintImage = (pathname: string, search: URLSearchParams) => Promise<string | null>;

/**
 * One registration per module (docs/architecture.md, "Modules register themselves"): `needs` names
 * the earlier modules whose ports `create` takes, by the key it reads them under. The one ordered
 * list (`modules/order.ts`) says where the module stands; compose.ts walks it, hands each module the
 * ports it names (and, for a module that sets a flow off, the flow's callback) and refuses a name
 * that is not an earlier module's port.
 */
export interface SouqModule<Needs, S, P> {
  readonly needs: readonly string[];
  create(ctx: ModuleContext, needs: Needs): ModuleParts<S, P>;
}

export function defineModule<Needs extends object, S, P = undefined>(
  needs: readonly (keyof Needs & string)[],
  create: (ctx: ModuleContext, needs: Needs) => ModuleParts<S, P>,
): SouqModule<Needs, S, P> {
  return { needs, create };
}

/**
 * The port itself: only the listed members of the service, so a later module holds nothing else
 * of it, whatever it casts. The services' members are closures, never methods on `this`.
 */
export function portOf<S, K extends keyof S>(service: S, members: readonly K[]): Pick<S, K> {
  const port = {} as Pick<S, K>;
  for (const member of members) port[member] = service[member];
  return port;
}

/**
 * A slot in an earlier module's port (ADR 0007, ADR 0048): what it needs of modules after it, which
 * it must not call. A later module fills it as it is created, through `port.slots`; that is the
 * one way back up the order. `answerSlot` holds one answer, and `fallback` answers until it is
 * given (what holds while no such module exists); a second answer is a wiring error.
 */
export function answerSlot<F extends (...args: any[]) => unknown>(what: string, fallback: F) {
  let answer = fallback;
  let filled = false;
  return {
    ask: ((...args: Parameters<F>) => answer(...args)) as F,
    fill(given: F): void {
      if (filled) throw new Error(`${what} is answered twice`);
      [answer, filled] = [given, true];
    },
  };
}

/** A slot that takes a hook from every later module that has one (a bid gate, a clip source); all are used, in module order. */
export function hookSlot<H>() {
  const hooks: H[] = [];
  return { hooks: hooks as readonly H[], fill: (hook: H): void => void hooks.push(hook) };
}

/** The halves of a module's slots that later modules may use: filling them. */
export function fillersOf<S extends Record<string, { fill: (given: never) => void }>>(
  slots: S,
): { [K in keyof S]: S[K]['fill'] } {
  return Object.fromEntries(Object.entries(slots).map(([name, slot]) => [name, slot.fill])) as {
    [K in keyof S]: S[K]['fill'];
  };
}
