import path from 'node:path';
import { z } from 'zod';
import { base64urlKey, bool, hours, url, urlList } from './config-fields.js';
import { BUCKET_LOCATION, bucketOf } from './lib/bucket-location.js';

/** Every environment variable Souq reads. README.md lists the same table. */
const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lowercase SQL identifier')
    .optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SEED_DEMO: bool.optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Souq <no-reply@souq.local>'),
  OIDC_ISSUER: url(['http', 'https']).default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  BID_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(20),
  ICE_SERVERS: urlList(['stun', 'stuns', 'turn', 'turns']).optional(),
  TURN_URLS: urlList(['turn', 'turns']).optional(),
  TURN_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  TURN_TTL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(60).max(86_400).default(3600),
  MESH_MAX_VIEWERS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100).default(5), // measured: bench/live-mesh.md
  VAPID_PUBLIC_KEY: base64urlKey(87, 'a P-256 public key').optional(),
  VAPID_PRIVATE_KEY: base64urlKey(43, 'a P-256 private key').optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  PUSH_LOOPBACK: bool.default(false),
  JANUS_URL: url(['http', 'https']).optional(),
  // Browsers speak Janus's HTTP API (long poll, apps/web/src/features/streams/video/janus-session.ts), not its WebSocket one.
  JANUS_PUBLIC_URL: url(['http', 'https']).optional(),
  JANUS_ADMIN_URL: url(['http', 'https']).optional(),
  JANUS_ADMIN_SECRET: z.string().min(1).optional(),
  // Set: Janus records each show into this directory, which our server reads too (ADR 0057).
  JANUS_RECORDINGS_DIR: z
    .string()
    .refine((dir) => path.isAbsolute(dir), 'must be an absolute path (Janus and our server both read it)')
    .optional(),
  // Zero alone: nobody probes /api/ready. Behind a balancer, its checks' interval times their fall count (deploy/).
  SHUTDOWN_NOTICE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(0),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(10_000),
  // Set = files go to this bucket instead of DATA_DIR/uploads (adapters/storage/s3-storage.ts).
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PUBLIC_URL: url(['http', 'https']).optional(),
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // Issue 31: hours a seller has to ship after the order has its address, and to answer a problem.
  // Decimals, so a test or a demo can make them seconds (0.0005 h is 1.8 s).
  SHIP_WITHIN_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive()
    .max(24 * 60)
    .default(72),
  PROBLEM_ANSWER_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive()
    .max(24 * 60)
    .default(48),
  // Issue 46: the style of the map an address's pin is dropped on (MapLibre GL); unset, no map is drawn.
  MAP_STYLE_URL: url(['http', 'https']).optional(),
  // Issue 46: cash on delivery's limits: an order's total, a buyer's open orders, refusals in 90 days.
  COD_MAX_AED: z.coerce.number({ error: 'must be an amount in AED' }).positive().max(10_000_000).default(6500),
  COD_MAX_OPEN_ORDERS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1000).default(5),
  COD_MAX_REFUSALS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100).default(2),
  // Issue 31: how long a winner has to give the address (decimals allowed, so a test can make it seconds).
  WIN_COMPLETE_HOURS: hours(48),
  // Offers (ADR 0053): how long an offer (or a counter-offer) waits for its answer before it lapses.
  OFFER_HOURS: hours(48),
  // Replays of whole shows (issue 47): how long one is kept before a job deletes it.
  REPLAY_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be more than 0 days')
    .max(3650)
    .default(90),
  SECOND_CHANCE_HOURS: hours(48),
  // Two strikes within this many days suspend bidding for SUSPENSION_DAYS.
  STRIKE_WINDOW_DAYS: z.coerce.number({ error: 'must be a number of days' }).positive().max(3650).default(90),
  SUSPENSION_DAYS: z.coerce.number({ error: 'must be a number of days' }).positive().max(3650).default(30),
  // Issue 32: at most one saved-search email per person in this many hours (decimals allowed).
  SAVED_SEARCH_DIGEST_HOURS: hours(24),
  // Scheduled backups (backup/schedule.ts): set the directory to turn them on.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY_HOURS: hours(24),
  BACKUP_KEEP: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1000).default(7),
  // Or into a bucket (backup/bucket-shelf.ts), reached with the S3_* connection settings.
  BACKUP_S3_PREFIX: z
    .string()
    .regex(BUCKET_LOCATION, 'must look like s3://<bucket>/<prefix>/ (a bucket name, then an optional key prefix)')
    .optional(),
});

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };

/** A bucket instead of DATA_DIR/uploads; without credentials the SDK's own chain (instance role, AWS_*) is used. */
/** How to reach an S3 API (S3_ENDPOINT, S3_REGION, keys), whichever bucket is used. */
export interface S3Connection {
  /** Unset: AWS itself. */
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export interface S3Config extends S3Connection {
  bucket: string;
  /** Where browsers fetch public keys (a CDN, the bucket's address); unset: the app streams them. */
  publicUrl?: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string;
  seedDemo: boolean;
  /** Shared state between instances (socket fan-out, rate limits); absent means one process holds it all. */
  redisUrl?: string;
  mail: { smtpUrl?: string; from: string };
  oidc: { issuer: string; clientId?: string; clientSecret?: string };
  trustProxy: boolean;
  sessionDays: number;
  /** Requests per minute per address on sign-in, sign-up, resend and password reset. */
  authRateLimit: number;
  /** Bids per person per 10 seconds. */
  bidRateLimit: { max: number; windowMs: number };
  /** How long a stopping server keeps serving while `/api/ready` says 503, before it drains. */
  shutdownNoticeMs: number;
  /** How long a stopping server lets requests in flight finish before answering them 503. */
  shutdownGraceMs: number;
  /** Where `/metrics` is served (on `host`), apart from the public port; absent means nowhere. */
  metricsPort?: number;
  logLevel: string;
  video: {
    meshMaxViewers: number;
    ice: { servers: string[]; turn?: { urls: string[]; secret: string; ttlSeconds: number } };
    /** The SFU, when configured: our server talks to `url` and `adminUrl`; browsers to `publicUrl`. */
    janus?: { url: string; publicUrl: string; adminUrl: string; adminSecret: string; recordingsDir?: string };
  };
  /** The built SPA; absent in API-only tests. */
  webDist?: string;
  /** MAP_STYLE_URL (issue 46): the MapLibre style an address's pin is dropped on; unset, no map. */
  mapStyleUrl?: string;
  /** How long an auction's winner has to complete the order (WIN_COMPLETE_HOURS), in ms. */
  winCompleteMs: number;
  /** How long an offer or a counter-offer waits for its answer (OFFER_HOURS, ADR 0053), in ms. */
  offerMs: number;
  /** How long a show's replay is kept (REPLAY_DAYS), in ms. */
  replayKeepMs: number;
  /** How long a second-chance offer stands (SECOND_CHANCE_HOURS), and the strike rule's window and suspension. */
  unpaid: { secondChanceMs: number; strikeWindowMs: number; suspensionMs: number };
  /** Absent: uploads live in DATA_DIR/uploads. */
  s3?: S3Config;
  /**
   * Web push (issue 48): the VAPID key pair (absent: one is made and kept in DATA_DIR), who push
   * services may contact about us, and whether a subscription may name a plain-http address on this
   * machine (PUSH_LOOPBACK, for the test suite's push service stand-in).
   */
  push: { vapid?: { publicKey: string; privateKey: string }; subject: string; allowLoopback: boolean };
  /** After a sale (issue 31): how long a seller has to ship, and to answer a problem. */
  aftersale: { shipWithinMs: number; problemAnswerMs: number };
  /**
   * Cash on delivery (issue 46): the most an order may total in fils (COD_MAX_AED), the most open
   * orders a buyer may have (COD_MAX_OPEN_ORDERS), and the refusals in 90 days that stop COD (COD_MAX_REFUSALS).
   */
  cod: { maxOrderFils: number; maxOpenOrders: number; maxRefusals: number };
  /** Saved-search alerts (issue 32): the least time between two digest mails to one person (SAVED_SEARCH_DIGEST_HOURS). */
  savedSearchDigestMs: number;
  /** The S3_* connection settings, for a backup bucket even when uploads stay on disk. */
  s3Connection: S3Connection;
  /**
   * Scheduled backups `to` a directory (BACKUP_DIR) or an `s3://bucket/prefix/` (BACKUP_S3_PREFIX);
   * absent: none (`npm run backup` still works).
   */
  backup?: { to: string; everyMs: number; keep: number };
}

export class ConfigError extends Error {}

export interface LoadOptions {
  /** A command names a bucket itself (`npm run backup -- --out s3://…`): the S3_* connection variables stand alone. */
  bucketNamed?: boolean;
}

type Env = z.infer<typeof EnvSchema>;

/** The set variables (empty counts as unset), parsed; a bad value stops the process naming the variable. */
function parseEnv(env: Record<string, string | undefined>): { present: Record<string, string | undefined>; e: Env } {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { present, e: parsed.data };
}

/** Settings that only work together: half of them is a mistake, said at start, not a silent fallback. */
function checkTogether(e: Env): void {
  const together = [
    ['TURN_URLS', 'TURN_SECRET'],
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    ['JANUS_URL', 'JANUS_ADMIN_URL', 'JANUS_ADMIN_SECRET'],
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ] as const;
  for (const group of together) {
    const set = group.filter((name) => e[name] !== undefined);
    if (set.length > 0 && set.length < group.length) {
      throw new ConfigError(
        `Invalid configuration:\n  ${group.filter((n) => !set.includes(n)).join(', ')}: required with ${set.join(', ')}`,
      );
    }
  }
}

function checkBuckets(e: Env, present: Record<string, string | undefined>, options: LoadOptions): void {
  // A bucket's address or keys without the bucket would silently keep files on this machine's disk.
  // A backup bucket uses the address and keys too, so they stand without S3_BUCKET when it is set.
  const s3Only = (
    e.BACKUP_S3_PREFIX || options.bucketNamed
      ? (['S3_PUBLIC_URL'] as const)
      : (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_URL'] as const)
  ).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && s3Only.length)
    throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: required with ${s3Only.join(', ')}`);
  if (e.BACKUP_DIR && e.BACKUP_S3_PREFIX)
    throw new ConfigError('Invalid configuration:\n  BACKUP_DIR: set it or BACKUP_S3_PREFIX, not both');
  // A backup kept beside the files it protects goes with them, and the uploads' orphan sweep would remove it.
  if (e.BACKUP_S3_PREFIX && e.S3_BUCKET && bucketOf(e.BACKUP_S3_PREFIX) === e.S3_BUCKET)
    throw new ConfigError(
      `Invalid configuration:\n  BACKUP_S3_PREFIX: name a bucket other than S3_BUCKET ("${e.S3_BUCKET}"): backups must outlive the bucket they protect`,
    );
  // The defaults count as unset, so only a value a person typed is a mistake without somewhere to back up to.
  const backupOnly = (['BACKUP_EVERY_HOURS', 'BACKUP_KEEP'] as const).filter((name) => present[name] !== undefined);
  if (!e.BACKUP_DIR && !e.BACKUP_S3_PREFIX && backupOnly.length)
    throw new ConfigError(
      `Invalid configuration:\n  BACKUP_DIR or BACKUP_S3_PREFIX: required with ${backupOnly.join(', ')}`,
    );
}

function videoConfig(e: Env): Config['video'] {
  return {
    meshMaxViewers: e.MESH_MAX_VIEWERS,
    ice: {
      servers: e.ICE_SERVERS ?? [],
      ...(e.TURN_URLS && e.TURN_SECRET
        ? { turn: { urls: e.TURN_URLS, secret: e.TURN_SECRET, ttlSeconds: e.TURN_TTL_SECONDS } }
        : {}),
    },
    ...(e.JANUS_URL && e.JANUS_ADMIN_URL && e.JANUS_ADMIN_SECRET
      ? {
          janus: {
            url: e.JANUS_URL,
            publicUrl: e.JANUS_PUBLIC_URL ?? e.JANUS_URL,
            adminUrl: e.JANUS_ADMIN_URL,
            adminSecret: e.JANUS_ADMIN_SECRET,
            ...(e.JANUS_RECORDINGS_DIR ? { recordingsDir: e.JANUS_RECORDINGS_DIR } : {}),
          },
        }
      : {}),
  };
}

function s3ConnectionOf(e: Env): S3Connection {
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } }
      : {}),
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** Reads the environment once at start; a bad value stops the process naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, options: LoadOptions = {}): Config {
  const { present, e } = parseEnv(env);
  checkTogether(e);
  checkBuckets(e, present, options);
  const backupTo = e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : e.BACKUP_S3_PREFIX;
  const s3Connection = s3ConnectionOf(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const database: DatabaseConfig = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
    : { kind: 'sqlite', file: path.join(dataDir, 'souq.db') };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    seedDemo: e.SEED_DEMO ?? database.kind === 'sqlite',
    redisUrl: e.REDIS_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    push: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } }
        : {}),
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
      allowLoopback: e.PUSH_LOOPBACK,
    },
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    trustProxy: e.TRUST_PROXY,
    sessionDays: e.SESSION_DAYS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    bidRateLimit: { max: e.BID_RATE_LIMIT, windowMs: 10_000 },
    shutdownNoticeMs: e.SHUTDOWN_NOTICE_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    winCompleteMs: Math.round(e.WIN_COMPLETE_HOURS * 3600_000),
    replayKeepMs: Math.round(e.REPLAY_DAYS * 86_400_000),
    offerMs: Math.round(e.OFFER_HOURS * 3600_000),
    savedSearchDigestMs: Math.round(e.SAVED_SEARCH_DIGEST_HOURS * 3600_000),
    unpaid: {
      secondChanceMs: Math.round(e.SECOND_CHANCE_HOURS * 3600_000),
      strikeWindowMs: Math.round(e.STRIKE_WINDOW_DAYS * 86_400_000),
      suspensionMs: Math.round(e.SUSPENSION_DAYS * 86_400_000),
    },
    metricsPort: e.METRICS_PORT,
    logLevel: e.LOG_LEVEL,
    video: videoConfig(e),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    s3Connection,
    ...(backupTo
      ? {
          backup: {
            to: backupTo,
            everyMs: Math.round(e.BACKUP_EVERY_HOURS * 3_600_000),
            keep: e.BACKUP_KEEP,
          },
        }
      : {}),
    ...(e.MAP_STYLE_URL ? { mapStyleUrl: e.MAP_STYLE_URL } : {}),
    cod: {
      maxOrderFils: Math.round(e.COD_MAX_AED * 100),
      maxOpenOrders: e.COD_MAX_OPEN_ORDERS,
      maxRefusals: e.COD_MAX_REFUSALS,
    },
    aftersale: {
      shipWithinMs: Math.round(e.SHIP_WITHIN_HOURS * 3_600_000),
      problemAnswerMs: Math.round(e.PROBLEM_ANSWER_HOURS * 3_600_000),
    },
    ...(e.S3_BUCKET
      ? {
          s3: {
            ...s3Connection,
            bucket: e.S3_BUCKET,
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
          },
        }
      : {}),
  };
}
