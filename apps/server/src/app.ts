import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import fastifyStatic from '@fastify/static';
import { createMailer, type Mailer } from './adapters/mail/index.js';
import { createStorage, uploadsDir, type FileStorage } from './adapters/storage/index.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { registerErrorHandling } from './http/errors.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerRateLimits, registerSecurityHeaders } from './http/security.js';
import { registerSessions } from './http/session.js';
import { registerMultipart } from './http/multipart.js';
import { registerSpa } from './http/spa.js';
import { createMediaService } from './media/media-service.js';
import { createOidcSignIn } from './modules/accounts/oidc.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { createAccountsService, type AccountsService } from './modules/accounts/service.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { createCatalogService, type CatalogService } from './modules/catalog/service.js';
import { ordersRoutes } from './modules/orders/routes.js';
import { createOrdersService } from './modules/orders/service.js';
import { profilesRoutes } from './modules/profiles/routes.js';
import { createProfilesService } from './modules/profiles/service.js';
import { reviewsRoutes } from './modules/reviews/routes.js';
import { createReviewsService } from './modules/reviews/service.js';
import { seedDemoData } from './seed/demo.js';

export interface AppOverrides {
  mailer?: Mailer;
  storage?: FileStorage;
  now?: () => Date;
}

export interface Souq {
  app: FastifyInstance;
  database: Database;
  accounts: AccountsService;
  catalog: CatalogService;
}

/** Builds the whole service from config, without listening: tests use `app.inject` or listen on port 0. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<Souq> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  });
  const database = openDatabase(config.database);
  app.addHook('onClose', async () => database.destroy());
  await migrateToLatest(database.db, config.database.kind === 'postgres' ? config.database.schema : undefined);

  const mailer = overrides.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const deps = { db: database.db, now: overrides.now, publicUrl: config.publicUrl };
  const accounts = createAccountsService({ ...deps, mailer, sessionDays: config.sessionDays, log: app.log });
  const oidc = createOidcSignIn({ ...deps, settings: config.oidc });
  const media = createMediaService(overrides.storage ?? createStorage(config));
  const profiles = createProfilesService({ ...deps, media, isUsernameTaken: accounts.isUsernameTaken });
  const catalog = createCatalogService({ ...deps, dialect: database.dialect, media, adjustPostsCount: profiles.adjustPostsCount });
  const reviews = createReviewsService({ ...deps, catalog });
  const orders = createOrdersService({ ...deps, catalog });

  if (config.seedDemo) await seedDemoData({ accounts, catalog, log: app.log });


  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.publicUrl);
  // gzip/brotli for the app's scripts and JSON; photos are WebP and left alone.
  await app.register(compress, { global: true });
  await app.register(cookie);
  await registerRateLimits(app);
  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, accounts, config.publicUrl);
  await registerMultipart(app);

  // A load balancer's probe: healthy only while the database answers.
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { ok: true, db: database.dialect };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering.' } });
    }
  });
  await app.register(accountsRoutes(accounts, oidc, config.authRateLimit));
  await app.register(catalogRoutes(catalog, reviews.hasReviewed));
  await app.register(reviewsRoutes(reviews));
  await app.register(profilesRoutes(profiles, catalog));
  await app.register(ordersRoutes(orders));
  fs.mkdirSync(path.join(uploadsDir(config), 'public'), { recursive: true });
  // Public uploads: every file was re-encoded by us and has a unique name, so it can be cached for good.
  await app.register(fastifyStatic, {
    root: path.join(uploadsDir(config), 'public'),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Through send's own options: a header set in setHeaders is overwritten by send's default max-age=0.
    maxAge: 31536000 * 1000,
    immutable: true,
  });
  await registerSpa(app, config.webDist);

  const sweep = setInterval(() => accounts.removeExpired().catch((err) => app.log.warn({ err }, 'sweep failed')), 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return { app, database, accounts, catalog };
}
