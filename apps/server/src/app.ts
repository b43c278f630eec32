import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { createMailer, settlingOnClose, withMailSwitches, type Mailer } from './adapters/mail/index.js';
import { closeRedis, createRedis } from './adapters/redis/index.js';
import { checkStorageAtStart, createStorage, incomingUploadsDir, type FileStorage } from './adapters/storage/index.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerCompression } from './http/compression.js';
import { registerContractCompilers } from './http/contract-routes.js';
import { registerErrorHandling } from './http/errors.js';
import { registerGracefulShutdown, type Drain } from './http/graceful-shutdown.js';
import { registerIdParams } from './http/id-params.js';
import { requestLogSerializer } from './http/log-redaction.js';
import { registerNoStoreForApi } from './http/no-store.js';
import type { Readiness } from './http/readiness.js';
import { registerProbes } from './http/probes.js';
import { registerRequestIdEcho, requestIdOf } from './http/request-id.js';
import { registerRequestMetrics } from './http/request-metrics.js';
import { registerSharedAnswers, type EarlyAnswer } from './http/shared-answers.js';
import { createHttpServer } from './http/server.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerRateLimits, registerSecurityHeaders } from './http/security.js';
import { registerSessions } from './http/session.js';
import { registerReaderAnswers } from './http/reader-answers.js';
import { keptSessions } from './http/session-cache.js';
import { registerMultipart } from './http/multipart.js';
import { registerPublicFiles } from './http/public-files.js';
import { registerSpa } from './http/spa.js';
import { addHousekeeping } from './jobs/housekeeping.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { createAfterAnswer, type AfterAnswer } from './lib/after-answer.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createEventBus, type EventBus } from './lib/events.js';
import { createMediaService } from './media/media-service.js';
import { composeModules, type Services } from './compose.js';
import type { ModulePorts } from './modules/order.js';
import { janusConnectSources } from './adapters/video/index.js';
import { attachRealtime, type SouqIo } from './realtime/gateway.js';
import { seedDemoData } from './seed/demo.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { createMetricsServer, type MetricsServer } from './metrics/metrics-server.js';

export interface AppOverrides {
  mailer?: Mailer;
  storage?: FileStorage;
  clock?: Clock;
  /** Where the log goes (tests read it); stdout otherwise. */
  logStream?: { write(line: string): void };
}

export interface Souq extends Services {
  app: FastifyInstance;
  database: Database;
  clock: Clock;
  events: EventBus;
  jobs: JobRunner;
  afterAnswer: AfterAnswer;
  /** Before `app.close()`: answers new requests 503 and lets those in flight finish (main.ts). */
  drain: Drain['drain'];
  /** Before `drain`: `/api/ready` answers 503 from now on, while everything else is still served. */
  withdraw: Readiness['withdraw'];
  services: Services;
  /** The modules' ports, as later modules hold them (the tests fill slots through them). */
  ports: ModulePorts;
  io: SouqIo;
  /** Where uploads live; `storage.check()` is the cheap reachability probe for readiness. */
  storage: FileStorage;
  metrics: Metrics;
  /** Every route registered, as Fastify's onRoute hook saw them (a test checks the API document lists them). */
  routes: Array<{ method: string; url: string }>;
  /** Serving `/metrics` once the app is ready, when `config.metricsPort` is set. */
  metricsServer?: MetricsServer;
}

/**
 * Fastify, with our request ids and a server that lets a kept answer go out before Fastify sees
 * the request (`early.answer`, set once the routes are known: ADR 0027).
 */
function createFastify(config: Config, overrides: AppOverrides) {
  const early: { answer?: EarlyAnswer } = {};
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestLogSerializer },
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // Ours checks the balancer's X-Request-Id before taking it (Fastify's would take any value).
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    serverFactory: (handler, options) =>
      createHttpServer(handler, options, (req, res, toFastify) => early.answer?.(req, res, toFastify) ?? false),
  });
  const routes: Souq['routes'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  return { app, early, routes };
}

/** Where data lives, checked and ready: a store the instance cannot reach stops it, naming the setting. */
async function openStores(app: FastifyInstance, config: Config, overrides: AppOverrides, metrics: Metrics) {
  const storage = overrides.storage ?? createStorage(config);
  app.addHook('onClose', async () => storage.close());
  await checkStorageAtStart(storage, config).catch((error: unknown) => {
    storage.close();
    throw error;
  });
  const database = openDatabase(config.database, metrics.connectionWaited, (error) =>
    app.log.warn({ err: error }, 'not listening for changes to the database: nothing is kept until it listens again'),
  );
  if (database.poolWaiting)
    metrics.gauge(
      'souq_db_pool_waiting',
      'Queries waiting for a free PostgreSQL pool connection now',
      database.poolWaiting,
    );
  app.addHook('onClose', async () => database.destroy());
  await migrateToLatest(database.db, config.database.kind === 'postgres' ? config.database.schema : undefined);
  await database.watchChanges?.();
  return { storage, database };
}

/**
 * What every request passes through before a route, in the order it must run: errors, headers,
 * kept answers (before compression: its onSend keeps the answer as serialized, compression then
 * sends it compressed), cookies, rate limits, the origin check, the session and uploads.
 */
async function registerPipeline(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    draining: () => boolean;
    metrics: Metrics;
    userForSessionToken: Parameters<typeof keptSessions>[2];
  },
) {
  const { config, database, clock, metrics } = deps;
  registerErrorHandling(app);
  registerContractCompilers(app);
  registerIdParams(app);
  registerNoStoreForApi(app);
  // The map's style, tiles and glyphs come from its style's origin (issue 46).
  const map = config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [];
  registerSecurityHeaders(app, config.publicUrl, {
    connect: [...janusConnectSources(config), ...map],
    img: [...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []), ...map],
    blobWorkers: map.length > 0,
  });
  // A signed-in request's reader, kept while nothing is written (a second at most): not a hash and a read each time.
  const sessionUsers = keptSessions(database.dataVersion, clock, deps.userForSessionToken);
  const kept = { draining: deps.draining, log: app.log, counter: metrics.keptAnswerCounter, userOf: sessionUsers };
  const earlyShared = registerSharedAnswers(app, database.dataVersion, kept);
  const earlyForReaders = registerReaderAnswers(app, database.dataVersion, kept);
  registerCompression(app);
  // Parsed by the session hook, for API requests only.
  await app.register(cookie, { hook: false });
  const rateLimitRedis = config.redisUrl ? createRedis(config.redisUrl, 'rate-limit') : undefined;
  if (rateLimitRedis) {
    rateLimitRedis.on('error', (err) => app.log.warn({ err }, 'rate-limit redis connection'));
    app.addHook('onClose', () => closeRedis(rateLimitRedis));
  }
  await registerRateLimits(app, rateLimitRedis);
  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, sessionUsers, config.publicUrl, clock);
  registerMultipart(app, incomingUploadsDir(config));
  return { earlyShared, earlyForReaders, rateLimitRedis };
}

/** Builds the whole service from config, without listening: tests use `app.inject` or listen on port 0. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<Souq> {
  const { app, early, routes } = createFastify(config, overrides);
  const metrics = createMetrics();
  registerRequestIdEcho(app);
  registerRequestMetrics(app, metrics);
  const shutdown = registerGracefulShutdown(app);
  const { storage, database } = await openStores(app, config, overrides, metrics);

  const clock = overrides.clock ?? systemClock;
  const mailSwitches = withMailSwitches(overrides.mailer ?? createMailer(config, app.log));
  const mailer = settlingOnClose(mailSwitches.mailer);
  app.addHook('onClose', async () => mailer.close());
  const events = createEventBus((err) => app.log.error({ err }, 'event listener failed'));
  const jobs = createJobRunner({ clock, log: app.log, ran: metrics.jobRan });
  const afterAnswer = createAfterAnswer((err) => app.log.error({ err }, 'work after an answer failed'));
  // Before the database closes: a job in flight finishes its transaction first, and so does work after an answer.
  app.addHook('preClose', async () => {
    await jobs.stop();
    await afterAnswer.settle();
  });

  const {
    parts: modules,
    services,
    ports,
  } = composeModules({
    config,
    db: database.db,
    dialect: database.dialect,
    dataVersion: database.dataVersion,
    clock,
    log: app.log,
    mailer,
    media: createMediaService(storage, app.log),
    publish: events.publish,
    subscribe: events.subscribe,
    afterAnswer,
    metrics,
  });
  mailSwitches.answer((userId, kind) => services.notifications.wants(userId, kind, 'email'));

  if (config.seedDemo)
    await seedDemoData({
      accounts: services.accounts,
      catalog: services.catalog,
      auctions: services.auctions,
      streams: services.streams,
      db: database.db,
      clock,
      log: app.log,
    });

  const { earlyShared, earlyForReaders, rateLimitRedis } = await registerPipeline(app, {
    config,
    database,
    clock,
    draining: shutdown.draining,
    metrics,
    userForSessionToken: (token) => services.accounts.userForSessionToken(token),
  });
  const readiness = registerProbes(app, database, storage, rateLimitRedis);
  for (const parts of modules) {
    if (parts.routes) await app.register(parts.routes);
    for (const job of parts.jobs ?? []) jobs.add(job);
  }
  addHousekeeping(app, { config, database, storage, clock, jobs, metrics, modules });
  await registerApiDocs(app, config.publicUrl);
  registerPublicFiles(app, storage);
  const earlyPage = await registerSpa(
    app,
    config.webDist,
    { images: modules.flatMap((parts) => (parts.firstPaintImage ? [parts.firstPaintImage] : [])), clock },
    shutdown.draining,
  );
  // Each says false for a request it does not answer; the first to take it answers it.
  const earlyAnswers = [earlyShared, earlyForReaders, earlyPage].filter((a): a is EarlyAnswer => a !== undefined);
  if (earlyAnswers.length)
    early.answer = (req, res, toFastify) => earlyAnswers.some((answer) => answer(req, res, toFastify));
  const io = attachRealtime(app, {
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    clock,
    events,
    accounts: services.accounts,
    parts: modules.flatMap((parts) => (parts.socket ? [parts.socket] : [])),
    log: app.log,
    metrics,
  });
  app.addHook('onReady', async () => jobs.start());
  const metricsServer = config.metricsPort === undefined ? undefined : createMetricsServer(metrics, app.log);
  if (metricsServer) {
    app.addHook('onReady', () => metricsServer.listen(config.host, config.metricsPort!));
    app.addHook('onClose', () => metricsServer.close());
  }

  return {
    app,
    database,
    clock,
    events,
    jobs,
    afterAnswer,
    drain: shutdown.drain,
    withdraw: readiness.withdraw,
    routes,
    services,
    ports,
    io,
    storage,
    metrics,
    metricsServer,
    ...services,
  };
}
