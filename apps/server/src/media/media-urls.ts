import { DEFAULT_PROFILE_PIC } from '@souq/shared';
import type { FileStorage } from '../adapters/storage/index.js';
import { decodeImageKeys, firstImageKey, imageFiles } from './image-keys.js';

export interface ImageUrlsOf {
  url: string;
  thumb: string;
}

/** What a product or auction without a photo shows. */
export const PLACEHOLDER_IMAGE: ImageUrlsOf = { url: '/images/placeholder.svg', thumb: '/images/placeholder.svg' };

/** The browser URLs of stored media, made by the storage from the keys on every read. */
export function createMediaUrls(storage: FileStorage) {
  const imageUrls = (key: string): ImageUrlsOf => {
    const [large, thumb] = imageFiles(key);
    return { url: storage.url(large!), thumb: storage.url(thumb!) };
  };

  return {
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

    /** The browser URL of a stored public file kept by its full key (a clip). */
    fileUrl: (key: string): string => storage.url(key),
  };
}
