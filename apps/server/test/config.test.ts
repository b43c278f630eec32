import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { exited, spawnTsx } from './support.js';

const PG = 'postgres://souq@db.internal:5432/souq';

describe('loadConfig', () => {
  it('runs with nothing set: port 3000, ./data, SQLite, demo data on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      database: { kind: 'sqlite', file: path.join(path.resolve('data'), 'souq.db') },
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      mail: { smtpUrl: undefined, from: 'Souq <no-reply@souq.local>' },
      trustProxy: false,
      sessionDays: 30,
      authRateLimit: 10,
      shutdownGraceMs: 10_000,
      logLevel: 'info',
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('serves no metrics and gives no shutdown notice unless asked', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, shutdownNoticeMs: 0 });
    expect(loadConfig({ METRICS_PORT: '9101', SHUTDOWN_NOTICE_MS: '3000' })).toMatchObject({
      metricsPort: 9101,
      shutdownNoticeMs: 3000,
    });
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow('METRICS_PORT: must be a port number');
  });

  it('turns demo data off by default on PostgreSQL, and on when asked', () => {
    expect(loadConfig({ DATABASE_URL: PG })).toMatchObject({
      database: { kind: 'postgres', url: PG },
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: PG, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'no' }).seedDemo).toBe(false);
  });

  it('reads the other variables', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/souq',
      DATABASE_URL: PG,
      DATABASE_SCHEMA: 'souq_prod',
      PUBLIC_URL: 'https://souq.example/',
      TRUST_PROXY: '1',
      SMTP_URL: 'smtp://mail.internal:25',
      SESSION_DAYS: '7',
      AUTH_RATE_LIMIT: '5',
      SHUTDOWN_GRACE_MS: '2500',
      REDIS_URL: 'redis://cache.internal:6379',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/souq',
      database: { kind: 'postgres', url: PG, schema: 'souq_prod' },
      publicUrl: 'https://souq.example',
      trustProxy: true,
      mail: { smtpUrl: 'smtp://mail.internal:25' },
      sessionDays: 7,
      authRateLimit: 5,
      shutdownGraceMs: 2500,
      redisUrl: 'redis://cache.internal:6379',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, database: { kind: 'sqlite' } });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_SCHEMA', 'Robert; drop table users'],
    ['PUBLIC_URL', 'ftp://souq.example'],
    ['SEED_DEMO', 'maybe'],
    ['SMTP_URL', 'http://mail.example'],
    ['SESSION_DAYS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['SHUTDOWN_GRACE_MS', '-1'],
    ['SHUTDOWN_GRACE_MS', 'soon'],
    ['S3_BUCKET', 'My_Bucket'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_FORCE_PATH_STYLE', 'sometimes'],
    ['S3_PUBLIC_URL', 'ftp://cdn.example'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^Invalid configuration:\\n  ${name}: .+`));
  });

  it('keeps uploads on the disk unless S3_BUCKET is set, and reads every S3_* variable with its default', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'souq-photos' }).s3).toEqual({
      bucket: 'souq-photos',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'souq',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'me-central-1',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.souq.example/',
      }).s3,
    ).toEqual({
      bucket: 'souq',
      endpoint: 'http://minio.internal:9000',
      region: 'me-central-1',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.souq.example',
    });
  });

  it('refuses half of the S3 settings: a key without its secret, an endpoint without a bucket', () => {
    expect(() => loadConfig({ S3_BUCKET: 'souq', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: required with S3_ENDPOINT/);
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT: [^\n]+\n {2}DATABASE_URL: /);
  });
});

describe('main.ts with a bad configuration', () => {
  it('exits non-zero, naming the variable, before opening anything', async () => {
    const run = await exited(
      spawnTsx('apps/server/src/main.ts', [], { PORT: 'abc', DATA_DIR: '/nonexistent/souq-should-not-be-created' }),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT: must be a port number');
  });

  it('exits non-zero, naming S3_BUCKET, when the bucket cannot be reached, before opening the database', async () => {
    const env = {
      S3_BUCKET: 'souq',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'y',
      DATA_DIR: '/nonexistent/souq-should-not-be-created',
    };
    const run = await exited(spawnTsx('apps/server/src/main.ts', [], env));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('File storage unreachable');
    expect(run.stderr).toMatch(/S3_BUCKET: cannot use bucket "souq" at http:\/\/127\.0\.0\.1:9 \(.*ECONNREFUSED/);
  });
});

describe('after-sale deadlines (issue 31)', () => {
  it('gives a seller 72 hours to ship and 48 to answer a problem, in hours with decimals', () => {
    expect(loadConfig({}).aftersale).toEqual({ shipWithinMs: 72 * 3_600_000, problemAnswerMs: 48 * 3_600_000 });
    expect(loadConfig({ SHIP_WITHIN_HOURS: '0.0005', PROBLEM_ANSWER_HOURS: '1.5' }).aftersale).toEqual({
      shipWithinMs: 1_800,
      problemAnswerMs: 5_400_000,
    });
    expect(() => loadConfig({ SHIP_WITHIN_HOURS: 'soon' })).toThrow('SHIP_WITHIN_HOURS: must be a number of hours');
    expect(() => loadConfig({ PROBLEM_ANSWER_HOURS: '0' })).toThrow(/PROBLEM_ANSWER_HOURS/);
  });
});

describe('scheduled backups', () => {
  it('takes none unless BACKUP_DIR is set; then every 24 hours, keeping 7', () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/var/backups/souq' }).backup).toEqual({
      to: '/var/backups/souq',
      everyMs: 24 * 3_600_000,
      keep: 7,
    });
    expect(loadConfig({ BACKUP_DIR: 'backups', BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '30' }).backup).toEqual({
      to: path.resolve('backups'),
      everyMs: 1_800_000,
      keep: 30,
    });
  });

  it('names the variable of a bad value and a setting without a place to back up to', () => {
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY_HOURS: 'daily' })).toThrow(
      'BACKUP_EVERY_HOURS: must be a number of hours',
    );
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY_HOURS: '0' })).toThrow(
      'BACKUP_EVERY_HOURS: must be more than 0 hours',
    );
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: /);
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_KEEP: '2.5' })).toThrow(/BACKUP_KEEP: /);
    expect(() => loadConfig({ BACKUP_KEEP: '3' })).toThrow('BACKUP_DIR or BACKUP_S3_PREFIX: required with BACKUP_KEEP');
  });

  it('backs up into a bucket with BACKUP_S3_PREFIX, reached with the S3_* settings even when uploads stay on disk', () => {
    const env = {
      BACKUP_S3_PREFIX: 's3://souq-backups/site-a/',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const config = loadConfig(env);
    expect(config.backup).toEqual({ to: 's3://souq-backups/site-a/', everyMs: 24 * 3_600_000, keep: 7 });
    expect(config.s3).toBeUndefined();
    expect(config.s3Connection).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    expect(loadConfig({ ...env, S3_BUCKET: 'souq-photos' }).s3).toMatchObject({ bucket: 'souq-photos' });
    expect(loadConfig({ BACKUP_S3_PREFIX: 's3://souq-backups' }).backup?.to).toBe('s3://souq-backups');
    // `npm run backup -- --out s3://…` names the bucket on its command line instead.
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_BUCKET: required with S3_ENDPOINT');
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000' }, { bucketNamed: true }).s3Connection.endpoint).toBe(
      'http://minio:9000',
    );
  });

  it('refuses a BACKUP_S3_PREFIX that is not a bucket location, beside BACKUP_DIR, or in the uploads bucket', () => {
    for (const bad of ['souq/', 's3://Souq/x', 's3:///x', 's3://souq-backups//x', 'https://souq-backups/x'])
      expect(() => loadConfig({ BACKUP_S3_PREFIX: bad }), bad).toThrow(
        'BACKUP_S3_PREFIX: must look like s3://<bucket>/<prefix>/',
      );
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_S3_PREFIX: 's3://souq-backups/' })).toThrow(
      'BACKUP_DIR: set it or BACKUP_S3_PREFIX, not both',
    );
    expect(() => loadConfig({ S3_BUCKET: 'souq-photos', BACKUP_S3_PREFIX: 's3://souq-photos/backups/' })).toThrow(
      'BACKUP_S3_PREFIX: name a bucket other than S3_BUCKET ("souq-photos"): backups must outlive the bucket they protect',
    );
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example', BACKUP_S3_PREFIX: 's3://souq-backups/' })).toThrow(
      'S3_BUCKET: required with S3_PUBLIC_URL',
    );
  });
});
