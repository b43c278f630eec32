import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Mailer } from '../adapters/mail/index.js';
import type { Config } from '../config.js';
import type { DialectName } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { Job } from '../jobs/runner.js';
import type { AfterAnswer } from '../lib/after-answer.js';
import type { Clock } from '../lib/clock.js';
import type { Publish } from '../lib/events.js';
import type { MediaService } from '../media/media-service.js';
import type { Metrics } from '../metrics/metrics.js';
import type { SocketParts } from '../realtime/types.js';
import type { UploadReferences } from '../media/orphan-sweep.js';
import type { AccountsService } from './accounts/service.js';
import type { AuctionsService } from './auctions/service.js';
import type { CatalogService } from './catalog/service.js';
import type { FeedService } from './feed/service.js';
import type { NotificationsService } from './notifications/service.js';
import type { OrdersService } from './orders/service.js';
import type { ProfilesService } from './profiles/service.js';
import type { ReviewsService } from './reviews/service.js';
import type { StreamsService } from './streams/service.js';

/** Every module's service, by module name. */
export interface Services {
  accounts: AccountsService;
  profiles: ProfilesService;
  catalog: CatalogService;
  reviews: ReviewsService;
  orders: OrdersService;
  notifications: NotificationsService;
  auctions: AuctionsService;
  streams: StreamsService;
  feed: FeedService;
}

/** What a module is built from: the shared adapters, and the other modules' services. */
export interface ModuleContext {
  config: Config;
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  media: MediaService;
  /** Announces an event once the transaction behind it has committed. */
  publish: Publish;
  /** Runs work the answer must not wait for; shutdown waits for it. */
  afterAnswer: AfterAnswer;
  /** What `/metrics` reports: a module counts its own events there (bids). */
  metrics: Metrics;
  /**
   * The other modules' services. Modules are created in order, so read another module's service
   * when a call needs it, not while being created.
   */
  services: Services;
}

export interface ModuleParts<S> {
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

/** One registration per module (docs/architecture.md, "Modules register themselves"); app.ts loops over them. */
export interface SouqModule<K extends keyof Services = keyof Services> {
  name: K;
  create(ctx: ModuleContext): ModuleParts<Services[K]>;
}

export function defineModule<K extends keyof Services>(module: SouqModule<K>): SouqModule<K> {
  return module;
}
