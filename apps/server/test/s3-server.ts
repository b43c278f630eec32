import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.js';

/** s3rver accepts any keys; these stand for the ones a real bucket would need. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** Settings for a bucket that exists on this server. */
  config: S3Config;
  /** Stops answering: connections are refused until `restart`. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same files. */
  restart(): Promise<void>;
  /** Stops for good and removes its files. */
  close(): Promise<void>;
}

/**
 * A real S3 API server (s3rver) on a free port of 127.0.0.1, storing in a temporary directory,
 * with one empty bucket (and any `others`, a backup bucket say): the storage suites run against it
 * as against AWS or MinIO.
 */
export async function startTestS3(bucket = 'souq-test', others: string[] = []): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-s3-'));
  const start = (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [bucket, ...others].map((name) => ({ name })),
    });
    return { server, ready: server.run() };
  };
  let current = start(0);
  const { port } = await current.ready;
  let running = true;
  const stop = async () => {
    if (running) await current.server.close();
    running = false;
  };
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: CREDENTIALS,
      forcePathStyle: true,
    },
    stop,
    async restart() {
      if (running) return;
      current = start(port);
      await current.ready;
      running = true;
    },
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
