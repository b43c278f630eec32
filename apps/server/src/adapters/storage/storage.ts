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
}

export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';
