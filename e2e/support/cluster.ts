import fs from 'node:fs';
import { inject } from 'vitest';
import { startTestS3, type TestS3 } from '../../apps/server/test/s3-server.js';
import { createTestDatabase, type TestDatabase } from '../../apps/server/test/support.js';
import { startCluster as startProcesses, type Cluster as Processes } from '../../scripts/cluster.mjs';

export const HAPROXY = '/usr/sbin/haproxy';
/** deploy/haproxy.cfg's stickiness cookie, and the name it gives instance i (from 1). */
export const STICKY_COOKIE = 'souq_lb';
export const instanceName = (i: number) => `souq${i}`;

/** Why the cluster suite cannot run here, or null when it can. */
export function clusterMissing(): string | null {
  const missing = [
    fs.existsSync(HAPROXY) ? '' : 'HAProxy is not installed (apt-get install -y haproxy).',
    inject('pgUrl') ? '' : 'PostgreSQL is not reachable.',
    inject('redisUrl') ? '' : 'Redis is not reachable.',
  ].filter(Boolean);
  return missing.length ? missing.join(' ') : null;
}

export interface TestCluster extends Processes {
  database: TestDatabase;
  s3: TestS3;
  /** What the instances and the balancer printed, for a failure's message. */
  output(): string;
  close(): Promise<void>;
}

/**
 * N instances on one PostgreSQL schema, Redis and a test S3 server, behind HAProxy configured
 * from deploy/haproxy.cfg (scripts/cluster.mjs): the cluster as an operator runs it.
 */
export async function startCluster(instances = 2): Promise<TestCluster> {
  const database = await createTestDatabase('postgres');
  const s3 = await startTestS3();
  const db = database.config.database;
  if (db.kind !== 'postgres' || !s3.config.credentials)
    throw new Error('the cluster runs on PostgreSQL and S3 with keys');
  let output = '';
  const keep = (chunk: Buffer) => void (output += chunk.toString());
  const env = {
    DATABASE_URL: db.url,
    DATABASE_SCHEMA: db.schema!,
    REDIS_URL: inject('redisUrl')!,
    S3_BUCKET: s3.config.bucket,
    S3_ENDPOINT: s3.config.endpoint!,
    S3_REGION: s3.config.region,
    S3_ACCESS_KEY_ID: s3.config.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: '',
    AUTH_RATE_LIMIT: '1000',
    BID_RATE_LIMIT: '100000',
    // The SDK's notice that it will need Node 22 (ADR 0031), once per instance, is noise here.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  let processes: Processes;
  try {
    processes = await startProcesses({ instances, env, stdio: 'pipe' });
  } catch (error) {
    await s3.close();
    await database.drop();
    throw error;
  }
  for (const child of [processes.haproxy, ...processes.instances.map((s) => s.child)]) {
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }
  return {
    ...processes,
    database,
    s3,
    output: () => output,
    async close() {
      await processes.stop();
      await s3.close();
      await database.drop();
    },
  };
}
