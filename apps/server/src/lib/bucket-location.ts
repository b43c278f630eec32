/**
 * `s3://<bucket>/<prefix>`: a place in a bucket, where backups are kept (BACKUP_S3_PREFIX, `npm run
 * backup -- --out`) and named (`npm run restore -- s3://…`). The prefix is plain key characters,
 * never starting with a slash.
 */
export const BUCKET_LOCATION = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/((?:[A-Za-z0-9._-]+\/?)*))?$/;

export interface BucketLocation {
  bucket: string;
  /** Empty, or ending with a slash: keys are `${prefix}${name}`. */
  prefix: string;
}

export const isBucketLocation = (location: string): boolean => location.startsWith('s3://');

export function parseBucketLocation(location: string): BucketLocation | undefined {
  const match = BUCKET_LOCATION.exec(location);
  if (!match) return undefined;
  const raw = match[2] ?? '';
  return { bucket: match[1]!, prefix: raw === '' || raw.endsWith('/') ? raw : `${raw}/` };
}

export const bucketOf = (location: string): string | undefined => parseBucketLocation(location)?.bucket;

export const bucketLocationText = ({ bucket, prefix }: BucketLocation): string => `s3://${bucket}/${prefix}`;
