import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { DEFAULT_PROFILE_PIC, MSG } from '@souq/shared';
import { PRIVATE_PREFIX, PUBLIC_PREFIX, type FileStorage, type OpenedFile } from '../adapters/storage/index.js';
import { DomainError } from '../lib/errors.js';
import { createSemaphore } from '../lib/semaphore.js';
import { decodeImageKeys, firstImageKey, isPrivateImageKey } from './image-keys.js';
import { sniff, webpRenditions, type UploadSource } from './images.js';
import { checkPdf } from './pdf-check.js';

export interface ImageUrlsOf {
  url: string;
  thumb: string;
}

/** What a product or auction without a photo shows. */
export const PLACEHOLDER_IMAGE: ImageUrlsOf = { url: '/images/placeholder.svg', thumb: '/images/placeholder.svg' };

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * The large and thumbnail files of an image key. A key that starts with `private/` (a problem's
 * evidence photos) names its files as it is, so they sit beside invoices and never get a URL.
 */
const files = (key: string) => {
  const base = isPrivateImageKey(key) ? key : `${PUBLIC_PREFIX}${key}`;
  return [`${base}.webp`, `${base}-thumb.webp`];
};

/**
 * How many uploads are decoded or checked at once, across all requests: a 40-megapixel decode
 * holds ~160 MB, so this (not the number of requests) sets the memory uploads can take.
 */
const UPLOAD_WORK_SLOTS = 2;

/**
 * Uploaded pictures and documents: checked by content, re-encoded, stored, and removable as a
 * unit. Rows keep the keys this returns; the URLs a browser gets are made from them on every read,
 * by the storage, so moving the files (to a bucket, behind a CDN) changes no row.
 */
export function createMediaService(storage: FileStorage, log: { warn(obj: unknown, msg: string): void }) {
  const work = createSemaphore(UPLOAD_WORK_SLOTS);

  /**
   * Files no row names any more, or never did. Removing them is tidiness, not correctness: a store
   * that fails here leaves them to the orphan sweep, and the person's request still succeeds.
   */
  async function discard(keys: string[]): Promise<void> {
    const failed = (await Promise.allSettled(keys.map((k) => storage.delete(k)))).filter(
      (r) => r.status === 'rejected',
    );
    if (failed.length)
      log.warn(
        { err: failed[0]!.reason, files: failed.length },
        'could not remove unreferenced files; the orphan sweep will',
      );
  }

  async function storeInvoice(source: UploadSource): Promise<string> {
    const mime = await sniff(source);
    if (mime === 'application/pdf') {
      const data = typeof source === 'string' ? await fs.readFile(source) : source;
      // The seller opens it again later: it must be a document, not a program (pdf-check.ts).
      const verdict = checkPdf(data);
      if (verdict === 'active') throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceActiveContent);
      if (verdict === 'uncheckable') throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceUncheckable);
      const key = `${PRIVATE_PREFIX}invoices/${crypto.randomUUID()}.pdf`;
      await storage.put(key, data);
      return key;
    }
    if (!mime?.startsWith('image/')) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceType);
    const { large } = await webpRenditions(source);
    const key = `${PRIVATE_PREFIX}invoices/${crypto.randomUUID()}.webp`;
    await storage.put(key, large);
    return key;
  }

  async function openPrivate(key: string): Promise<OpenedFile | null> {
    if (!key.startsWith(PRIVATE_PREFIX)) throw new Error(`not a private key: ${key}`);
    return storage.open(key);
  }

  const imageUrls = (key: string): ImageUrlsOf => {
    const [large, thumb] = files(key);
    return { url: storage.url(large!), thumb: storage.url(thumb!) };
  };

  return {
    /**
     * Checks and converts every image before writing any, so a bad file leaves nothing behind; a
     * store failing midway (a 503 to the person) has what it already took removed.
     */
    async storeImages(
      folder: string,
      uploads: UploadSource[],
      access: 'public' | 'private' = 'public',
    ): Promise<string[]> {
      // One at a time per request, and few at a time in the whole process.
      const renditions = [];
      for (const data of uploads) renditions.push(await work.use(() => webpRenditions(data)));
      const keys: string[] = [];
      try {
        for (const r of renditions) {
          const key = `${access === 'private' ? PRIVATE_PREFIX : ''}${folder}/${crypto.randomUUID()}`;
          keys.push(key);
          const [large, thumb] = files(key);
          await storage.put(large!, r.large);
          await storage.put(thumb!, r.thumb);
        }
      } catch (error) {
        await discard(keys.flatMap(files));
        throw error;
      }
      return keys;
    },

    removeImages: (keys: string[]): Promise<void> => discard(keys.flatMap(files)),

    /** The stored files behind one image key (large and thumbnail), for the orphan sweep. */
    filesOfImage: (key: string): string[] => files(key),

    imageUrls,

    /** Every photo of an image list column (media/image-keys.ts), as browser URLs. */
    imagesOf: (column: string): ImageUrlsOf[] => decodeImageKeys(column).map(imageUrls),

    /** The photo a card shows: the first, or the placeholder. */
    firstImageOf(column: string): ImageUrlsOf {
      const key = firstImageKey(column);
      return key ? imageUrls(key) : PLACEHOLDER_IMAGE;
    },

    /** A thumbnail kept by key elsewhere (an order line); the placeholder without one. */
    thumbUrl: (key: string | null): string => (key ? imageUrls(key).thumb : PLACEHOLDER_IMAGE.thumb),

    /** A person's picture: their uploaded photo's thumbnail, or the default avatar. */
    avatarUrl: (key: string | null): string => (key ? imageUrls(key).thumb : DEFAULT_PROFILE_PIC),

    /** Invoices are PDFs or images, kept private; images are re-encoded like any other. */
    storeInvoice: (source: UploadSource): Promise<string> => work.use(() => storeInvoice(source)),

    /**
     * A private file, for the one person the caller has already checked may read it. It is
     * streamed through the app from either store: a private key never gets a URL of its own.
     */
    openPrivate,

    /** The large rendition of a private image key, on the same terms as `openPrivate`. */
    openPrivateImage: (key: string): Promise<OpenedFile | null> => openPrivate(files(key)[0]!),

    /**
     * Moves an image stored under a public key to its private twin (`<key>` to `private/<key>`),
     * for photos that were public before they were known to be evidence. Safe to repeat: a file
     * already moved is not there to copy. The public files go only once the caller has saved the
     * new key, through `removeImages`.
     */
    async privatiseImage(key: string): Promise<string> {
      const privateKey = `${PRIVATE_PREFIX}${key}`;
      const from = files(key);
      const to = files(privateKey);
      for (const [i, source] of from.entries()) {
        const data = await storage.get(source);
        if (data) await storage.put(to[i]!, data);
      }
      return privateKey;
    },

    /**
     * A video the caller has checked by its magic bytes (a show's sale clip), stored as sent under
     * a public key never reused: `public/<folder>/<uuid>.<ext>`.
     */
    async storeVideo(folder: string, data: Buffer, ext: 'webm' | 'mp4'): Promise<string> {
      const key = `${PUBLIC_PREFIX}${folder}/${crypto.randomUUID()}.${ext}`;
      await storage.put(key, data);
      return key;
    },

    /** The large rendition of an image key, public or private, as bytes: for a person's data export (issue 45). */
    readImage: (key: string): Promise<Buffer | null> => storage.get(files(key)[0]!),

    /** A file we built ourselves (a data export), stored under a new private key: `private/<folder>/<uuid>.<ext>`. */
    async storePrivateFile(folder: string, data: Buffer, ext: string): Promise<string> {
      const key = `${PRIVATE_PREFIX}${folder}/${crypto.randomUUID()}.${ext}`;
      await storage.put(key, data);
      return key;
    },

    /** The browser URL of a stored public file kept by its full key (a clip). */
    fileUrl: (key: string): string => storage.url(key),

    async removeFile(key: string | null): Promise<void> {
      if (key) await discard([key]);
    },
  };
}
