import crypto from 'node:crypto';
import { MSG } from '@souq/shared';
import type { FileStorage } from '../adapters/storage/index.js';
import { AppError } from '../http/errors.js';
import { sniff, webpRenditions } from './images.js';

export interface ImageUrlsOf {
  url: string;
  thumb: string;
}

export type MediaService = ReturnType<typeof createMediaService>;

const files = (key: string) => [`public/${key}.webp`, `public/${key}-thumb.webp`];

/** Uploaded pictures and documents: checked by content, re-encoded, stored, and removable as a unit. */
export function createMediaService(storage: FileStorage) {
  const service = {
    /** Checks and converts every image before writing any, so a bad file leaves nothing behind. */
    async storeImages(folder: string, uploads: Buffer[]): Promise<string[]> {
      // One at a time: a 40-megapixel decode holds ~160 MB, and eight at once would not fit politely.
      const renditions = [];
      for (const data of uploads) renditions.push(await webpRenditions(data));
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

    imageUrls(key: string): ImageUrlsOf {
      const [large, thumb] = files(key);
      return { url: storage.url(large!), thumb: storage.url(thumb!) };
    },

    /** Invoices are PDFs or images, kept private; images are re-encoded like any other. */
    async storeInvoice(data: Buffer): Promise<string> {
      const mime = await sniff(data);
      if (mime === 'application/pdf') {
        const key = `private/invoices/${crypto.randomUUID()}.pdf`;
        await storage.put(key, data);
        return key;
      }
      if (!mime?.startsWith('image/')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceType);
      const { large } = await webpRenditions(data);
      const key = `private/invoices/${crypto.randomUUID()}.webp`;
      await storage.put(key, large);
      return key;
    },

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
