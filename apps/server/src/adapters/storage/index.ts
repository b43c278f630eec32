import path from 'node:path';
import { ConfigError, type Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

export type { FileStorage, OpenedFile, StoredFile } from './storage.js';
export { PUBLIC_PREFIX, PRIVATE_PREFIX, StorageUnavailableError, isPublicKey } from './storage.js';
export { UPLOADS_URL_PREFIX } from './local-storage.js';

export function uploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** Where uploads are written while their request is read, before they are checked and stored. */
export function incomingUploadsDir(config: Config): string {
  return path.join(config.dataDir, 'tmp', 'uploads');
}

/** A bucket when `S3_BUCKET` is set, DATA_DIR/uploads otherwise. */
export function createStorage(config: Config): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(uploadsDir(config));
}

/**
 * Start-up refuses a store it cannot reach, naming the setting to fix: an instance that starts
 * anyway would take people's uploads only to answer 503 to each.
 */
export async function checkStorageAtStart(storage: FileStorage, config: Config): Promise<void> {
  try {
    await storage.check();
  } catch (error) {
    const where = config.s3
      ? `bucket "${config.s3.bucket}" at ${config.s3.endpoint ?? `AWS ${config.s3.region}`}`
      : uploadsDir(config);
    const reason =
      error instanceof Error && error.cause instanceof Error ? error.cause.message || error.cause.name : String(error);
    throw new ConfigError(`File storage unreachable:\n  ${storage.setting}: cannot use ${where} (${reason})`);
  }
}
