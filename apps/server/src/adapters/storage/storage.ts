/**
 * Where uploaded files live. Keys starting with `public/` are served to anyone at
 * `/uploads/…`; `private/` keys (invoices) are only handed out by the API after a permission check.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The browser URL of a public key. */
  url(key: string): string;
  /** Every stored file, with when it was last written; half-written temporary files included. */
  list(): AsyncIterable<StoredFile>;
  /**
   * Rejects while files cannot be stored (the folder is gone or read-only, the bucket is out of
   * reach): `/api/ready` asks it, so a balancer sends nobody to an instance that cannot keep
   * their photo. Optional: a store with nothing to check has no such method.
   */
  check?(): Promise<void>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';
