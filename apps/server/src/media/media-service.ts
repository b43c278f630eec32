import crypto from 'node:crypto';
import { PRIVATE_PREFIX, PUBLIC_PREFIX, type FileStorage } from '../adapters/storage/index.js';
import { createSemaphore } from '../lib/semaphore.js';
import { imageFiles } from './image-keys.js';
import { webpRenditions, type UploadSource } from './images.js';
import { createMediaUrls } from './media-urls.js';
import { createPrivateFiles } from './private-files.js';

export { PLACEHOLDER_IMAGE, type ImageUrlsOf } from './media-urls.js';

export type MediaService = ReturnType<typeof createMediaService>;

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
          const [large, thumb] = imageFiles(key);
          await storage.put(large!, r.large);
          await storage.put(thumb!, r.thumb);
        }
      } catch (error) {
        await discard(keys.flatMap(imageFiles));
        throw error;
      }
      return keys;
    },

    removeImages: (keys: string[]): Promise<void> => discard(keys.flatMap(imageFiles)),

    /** The stored files behind one image key (large and thumbnail), for the orphan sweep. */
    filesOfImage: (key: string): string[] => imageFiles(key),

    ...createMediaUrls(storage),

    ...createPrivateFiles(storage, work),

    /**
     * A video the caller has checked by its magic bytes (a show's sale clip, a replay), stored as
     * sent under a key never reused: `public/<folder>/<uuid>.<ext>`, or `private/…` for parts of a
     * recording nobody watches on their own.
     */
    async storeVideo(
      folder: string,
      data: Buffer,
      ext: 'webm' | 'mp4',
      access: 'public' | 'private' = 'public',
    ): Promise<string> {
      const key = `${access === 'private' ? PRIVATE_PREFIX : PUBLIC_PREFIX}${folder}/${crypto.randomUUID()}.${ext}`;
      await storage.put(key, data);
      return key;
    },

    /** A stored file's bytes (the parts of a show's recording, joined into its replay). */
    readFile: (key: string): Promise<Buffer | null> => storage.get(key),

    /** The large rendition of an image key, public or private, as bytes: for a person's data export (issue 45). */
    readImage: (key: string): Promise<Buffer | null> => storage.get(imageFiles(key)[0]!),

    async removeFile(key: string | null): Promise<void> {
      if (key) await discard([key]);
    },
  };
}
