import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { MSG } from '@souq/shared';
import { DomainError } from '../lib/errors.js';

/** An upload as it reaches us: a temporary file (HTTP) or bytes (seeding, tests). */
export type UploadSource = Buffer | string;

// libvips keeps recent images and operations cached (tens of MB) for reuse we never make: a
// process that just decoded sixteen photos would keep their memory.
sharp.cache(false);

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** A decompression bomb (a tiny PNG claiming 50,000 × 50,000 pixels) is refused before decoding. */
const MAX_PIXELS = 40_000_000;
const LARGE = 1600;
const THUMB = 480;

/** What the bytes are, whatever the file name or the browser claimed. */
export async function sniff(data: UploadSource): Promise<string | undefined> {
  return (await (typeof data === 'string' ? fileTypeFromFile(data) : fileTypeFromBuffer(data)))?.mime;
}

export async function isImage(data: UploadSource): Promise<boolean> {
  const mime = await sniff(data);
  return mime !== undefined && IMAGE_TYPES.has(mime);
}

/**
 * Re-encodes an upload as WebP in two sizes. Re-encoding drops metadata (location, camera) and
 * anything smuggled in the file; `rotate()` first applies the EXIF orientation it is about to drop.
 */
export async function webpRenditions(data: UploadSource): Promise<{ large: Buffer; thumb: Buffer }> {
  if (!(await isImage(data))) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.imageType);
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS)
      throw new DomainError('PAYLOAD_TOO_LARGE', MSG.imageTooManyPixels);
    const base = () => sharp(data, { limitInputPixels: MAX_PIXELS, animated: false }).rotate();
    const [large, thumb] = await Promise.all([
      base().resize(LARGE, LARGE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      base().resize(THUMB, THUMB, { fit: 'cover' }).webp({ quality: 78 }).toBuffer(),
    ]);
    return { large, thumb };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('VALIDATION_FAILED', MSG.imageUnreadable);
  }
}
