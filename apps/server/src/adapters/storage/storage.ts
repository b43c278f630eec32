import type { Readable } from 'node:stream';
import { MSG } from '@souq/shared';
import { DomainError } from '../../lib/errors.js';

/**
 * Where uploaded files live: a folder (local-storage.ts) or a bucket (s3-storage.ts). Rows store
 * keys, never URLs; the storage decides how a key reaches a browser. Keys starting with `public/`
 * are for anyone (`url`); `private/` keys (invoices, problem photos) are only handed out by the
 * API after its permission check (`open`), never through a URL of their own.
 */
export interface FileStorage {
  /** Stores the whole file or nothing: no reader, listing included, ever sees part of it. */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream, to serve it; null when there is none. */
  open(key: string): Promise<OpenedFile | null>;
  delete(key: string): Promise<void>;
  /** The browser URL of a public key. */
  url(key: string): string;
  /** Every stored file, with when it was last written; half-written temporary files included. */
  list(): AsyncIterable<StoredFile>;
  /** Cheap proof the store can be reached (start-up, readiness); throws StorageUnavailableError. */
  check(): Promise<void>;
  /** What a person configures to point at this store, named when it cannot be reached. */
  readonly setting: string;
  /** Lets go of connections when the app closes. */
  close(): void;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

export interface OpenedFile {
  body: Readable;
  size: number;
  contentType: string;
}

export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';

/**
 * The shape of every public key we make (`public/<folder>/<name>.webp`, and a show's sale clips and
 * replays, `public/clips/<name>.webm` or `.mp4`, `public/replays/<name>.webm`). A path asked for by a browser is checked against it
 * before it reaches a folder or a bucket: no `..`, no `private/`.
 */
const PUBLIC_KEY = /^public\/(?:[a-z]+\/[A-Za-z0-9_-]+\.webp|(?:clips|replays)\/[A-Za-z0-9_-]+\.(?:webm|mp4))$/;

export const isPublicKey = (key: string): boolean => PUBLIC_KEY.test(key);

/** Only public keys get a URL: a private one never has an address anyone could pass around. */
export function assertPublic(key: string): void {
  if (!key.startsWith(PUBLIC_PREFIX)) throw new Error(`not a public key: ${key}`);
}

/** Every file we store is a WebP we encoded, a PDF we checked, a sale clip whose magic bytes we checked, or a data export we built. */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.pdf')) return 'application/pdf';
  if (key.endsWith('.zip')) return 'application/zip';
  if (key.endsWith('.webm')) return 'video/webm';
  if (key.endsWith('.mp4')) return 'video/mp4';
  return 'image/webp';
}

/**
 * The store did not answer or refused us: the person is told to try again (503) and nothing that
 * names the file is saved. The cause goes to the log, not to the browser.
 */
export class StorageUnavailableError extends DomainError {
  constructor(cause: unknown) {
    super('SERVICE_UNAVAILABLE', MSG.storageUnavailable);
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}
