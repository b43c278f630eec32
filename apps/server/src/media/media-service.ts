import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { MSG } from '@souq/shared';
import type { FileStorage } from '../adapters/storage/index.js';
import { DomainError } from '../lib/errors.js';
import { createSemaphore } from '../lib/semaphore.js';
import { sniff, webpRenditions, type UploadSource } from './images.js';
import { checkPdf } from './pdf-check.js';

export interface ImageUrlsOf {
  url: string;
  thumb: string;
}

export type MediaService = ReturnType<typeof createMediaService>;

const files = (key: string) => [`public/${key}.webp`, `public/${key}-thumb.webp`];

/**
 * How many uploads are decoded or checked at once, across all requests: a 40-megapixel decode
 * holds ~160 MB, so this (not the number of requests) sets the memory uploads can take.
 */
export const UPLOAD_WORK_SLOTS = 2;

/** Uploaded pictures and documents: checked by content, re-encoded, stored, and removable as a unit. */
export function createMediaService(storage: FileStorage) {
  const work = createSemaphore(UPLOAD_WORK_SLOTS);

  async function storeInvoice(source: UploadSource): Promise<string> {
    const mime = await sniff(source);
    if (mime === 'application/pdf') {
      const data = typeof source === 'string' ? await fs.readFile(source) : source;
      // The seller opens it again later: it must be a document, not a program (pdf-check.ts).
      const verdict = checkPdf(data);
      if (verdict === 'active') throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceActiveContent);
      if (verdict === 'uncheckable') throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceUncheckable);
      const key = `private/invoices/${crypto.randomUUID()}.pdf`;
      await storage.put(key, data);
      return key;
    }
    if (!mime?.startsWith('image/')) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceType);
    const { large } = await webpRenditions(source);
    const key = `private/invoices/${crypto.randomUUID()}.webp`;
    await storage.put(key, large);
    return key;
  }

  const service = {
    /** Checks and converts every image before writing any, so a bad file leaves nothing behind. */
    async storeImages(folder: string, uploads: UploadSource[]): Promise<string[]> {
      // One at a time per request, and few at a time in the whole process.
      const renditions = [];
      for (const data of uploads) renditions.push(await work.use(() => webpRenditions(data)));
      const keys: string[] = [];
      try {
        for (const r of renditions) {
          const key = `${folder}/${crypto.randomUUID()}`;
          keys.push(key);
          const [large, thumb] = files(key);
          await storage.put(large!, r.large);
          await storage.put(thumb!, r.thumb);
        }
      } catch (error) {
        await service.removeImages(keys);
        throw error;
      }
      return keys;
    },

    /** The key behind one of our image URLs, or undefined for anything else (a default picture). */
    keyOfUrl(url: string): string | undefined {
      const match = /^\/uploads\/(.+?)(?:-thumb)?\.webp$/.exec(url);
      return match?.[1];
    },

    async removeImages(keys: string[]): Promise<void> {
      await Promise.all(keys.flatMap(files).map((k) => storage.delete(k)));
    },

    /** The stored files behind one image key (large and thumbnail), for the orphan sweep. */
    filesOfImage: (key: string): string[] => files(key),

    imageUrls(key: string): ImageUrlsOf {
      const [large, thumb] = files(key);
      return { url: storage.url(large!), thumb: storage.url(thumb!) };
    },

    /** Invoices are PDFs or images, kept private; images are re-encoded like any other. */
    storeInvoice: (source: UploadSource): Promise<string> => work.use(() => storeInvoice(source)),

    async readPrivate(key: string): Promise<{ data: Buffer; contentType: string } | null> {
      const data = await storage.get(key);
      if (!data) return null;
      return { data, contentType: key.endsWith('.pdf') ? 'application/pdf' : 'image/webp' };
    },

    async removeFile(key: string | null): Promise<void> {
      if (key) await storage.delete(key);
    },
  };
  return service;
}
