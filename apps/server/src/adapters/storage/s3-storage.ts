import type { Readable } from 'node:stream';
import { bucketObjects } from './bucket-objects.js';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config, S3Connection } from '../../config.js';
import { appUrlOf } from './local-storage.js';
import {
  PUBLIC_PREFIX,
  StorageUnavailableError,
  assertPublic,
  contentTypeOf,
  type FileStorage,
  type StoredFile,
} from './storage.js';

/** Public files get unique names and never change, so whoever serves them may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Every failure but "no such file" means the bucket cannot serve us now: our keys are never the caller's mistake. */
async function calling<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new StorageUnavailableError(error);
  }
}

/** A client for the S3 API the connection settings name; uploads and backup buckets share them. */
export function createS3Client(s3: S3Connection): S3Client {
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // Newer SDKs add CRC checksums to every request by default; MinIO-style servers (and s3rver)
    // reject or ignore them. Only the operations that need one (none of ours) send it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stopped answering costs a person a few seconds and a 503, not a hung upload.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
    maxAttempts: 2,
  });
}

/**
 * Files in an S3 bucket (AWS, MinIO, anything speaking the API). A PUT is atomic: an object
 * exists whole or not at all, so there is no temporary name to rename and no half-written file
 * for the orphan sweep to find, only whole ones whose row was never saved.
 */
export function createS3Storage(s3: S3Config, client: S3Client = createS3Client(s3)): FileStorage {
  const Bucket = s3.bucket;
  const publicBase = s3.publicUrl?.replace(/\/$/, '');

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (notFound(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  return {
    setting: 'S3_BUCKET',
    async put(key, data) {
      const ContentType = contentTypeOf(key);
      const CacheControl = key.startsWith(PUBLIC_PREFIX) ? IMMUTABLE : 'private, no-store';
      await calling(() =>
        client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType, CacheControl, ContentLength: data.length }),
        ),
      );
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return Buffer.from(await calling(() => object.Body!.transformToByteArray()));
    },
    async open(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return {
        body: object.Body as Readable,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? contentTypeOf(key),
      };
    },
    async delete(key) {
      await calling(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    list: (): AsyncIterable<StoredFile> => bucketObjects((command) => calling(() => client.send(command)), Bucket),
    url(key) {
      if (!publicBase) return appUrlOf(key);
      assertPublic(key);
      return `${publicBase}/${key}`;
    },
    async check() {
      await calling(() => client.send(new HeadBucketCommand({ Bucket })));
    },
    close() {
      client.destroy();
    },
  };
}
