import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import { StorageUnavailableError, type FileStorage } from './storage.js';

interface Store {
  storage: FileStorage;
  /** The same store made unreachable, for the failure cases. */
  unreachable(): Promise<FileStorage>;
}

const STORES: Record<string, () => Promise<Store & { close(): Promise<void> }>> = {
  local: async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-storage-'));
    return {
      storage: createLocalStorage(path.join(root, 'uploads')),
      // A folder that cannot be made: its parent is a file.
      unreachable: async () => {
        fs.writeFileSync(path.join(root, 'file'), '');
        return createLocalStorage(path.join(root, 'file', 'uploads'));
      },
      close: async () => fs.rmSync(root, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const s3: TestS3 = await startTestS3();
    const storage = createS3Storage(s3.config);
    const others: FileStorage[] = [];
    return {
      storage,
      // A bucket nobody created, on a server that answers.
      unreachable: async () => {
        const missing = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
        others.push(missing);
        return missing;
      },
      close: async () => {
        for (const s of [storage, ...others]) s.close();
        await s3.close();
      },
    };
  },
};

const key = (folder: string, ext = 'webp') => `public/${folder}/${crypto.randomUUID()}.${ext}`;

/** What the rest of the app relies on, held against a folder and a real S3 API server alike (issue 27). */
describe.each(Object.keys(STORES))('file storage (%s)', (kind) => {
  let store: Store & { close(): Promise<void> };
  beforeAll(async () => {
    store = await STORES[kind]!();
  });
  afterAll(() => store.close());

  it('passes its check when reachable', async () => {
    await expect(store.storage.check()).resolves.toBeUndefined();
  });

  it('stores, reads, streams, lists and deletes a file', async () => {
    const { storage } = store;
    const k = key('products');
    const before = Date.now();
    await storage.put(k, Buffer.from('webp bytes'));
    expect((await storage.get(k))?.toString()).toBe('webp bytes');
    const opened = (await storage.open(k))!;
    expect({ size: opened.size, contentType: opened.contentType }).toEqual({ size: 10, contentType: 'image/webp' });
    expect(await text(opened.body)).toBe('webp bytes');
    const listed = [];
    for await (const file of storage.list()) if (file.key === k) listed.push(file);
    expect(listed).toHaveLength(1);
    // S3 keeps whole seconds.
    expect(listed[0]!.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);

    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    expect(await storage.open(k)).toBeNull();
    // Deleting what is gone is not an error: a sweep and a request may both remove a file.
    await storage.delete(k);
  });

  it('says null for a file that is not there', async () => {
    expect(await store.storage.get(key('avatars'))).toBeNull();
    expect(await store.storage.open(key('avatars'))).toBeNull();
  });

  it('serves a private file with its own type, and never gives it a URL', async () => {
    const k = `private/invoices/${crypto.randomUUID()}.pdf`;
    await store.storage.put(k, Buffer.from('%PDF-1.4'));
    const opened = (await store.storage.open(k))!;
    expect(opened.contentType).toBe('application/pdf');
    expect(await text(opened.body)).toBe('%PDF-1.4');
    expect(() => store.storage.url(k)).toThrow(/not a public key/);
  });

  it('gives a public key the address the app serves it at', () => {
    expect(store.storage.url('public/products/abc.webp')).toBe('/uploads/products/abc.webp');
  });

  it('lists only whole files, as many as were stored, past one page of a listing', async () => {
    const keys = Array.from({ length: 30 }, () => key('bulk'));
    await Promise.all(keys.map((k) => store.storage.put(k, Buffer.from(k))));
    const listed: string[] = [];
    for await (const file of store.storage.list()) if (file.key.startsWith('public/bulk/')) listed.push(file.key);
    expect(listed.sort()).toEqual([...keys].sort());
  });

  it('refuses an unreachable store with StorageUnavailableError, from its check and from a write', async () => {
    const unreachable = await store.unreachable();
    await expect(unreachable.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(unreachable.put(key('products'), Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('file storage (s3): what only a bucket does', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.close());

  it('sends browsers to S3_PUBLIC_URL for public keys, when set', () => {
    const storage = createS3Storage({ ...s3.config, publicUrl: 'https://cdn.example/souq' });
    expect(storage.url('public/products/abc.webp')).toBe('https://cdn.example/souq/public/products/abc.webp');
    expect(() => storage.url('private/invoices/abc.pdf')).toThrow(/not a public key/);
    storage.close();
  });

  it('answers StorageUnavailableError, not a hang, while the server is down, and works again once it is back', async () => {
    const storage = createS3Storage(s3.config);
    const k = key('products');
    await s3.stop();
    try {
      await expect(storage.put(k, Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.get(k)).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      await s3.restart();
    }
    await storage.put(k, Buffer.from('x'));
    expect((await storage.get(k))?.toString()).toBe('x');
    storage.close();
  });
});
