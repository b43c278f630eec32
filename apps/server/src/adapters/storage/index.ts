import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';

export type { FileStorage } from './storage.js';
export { PUBLIC_PREFIX, PRIVATE_PREFIX } from './storage.js';

export function uploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** Where uploads are written while their request is read, before they are checked and stored. */
export function incomingUploadsDir(config: Config): string {
  return path.join(config.dataDir, 'tmp', 'uploads');
}

export function createStorage(config: Config) {
  return createLocalStorage(uploadsDir(config));
}
