import { ListObjectsV2Command, type ListObjectsV2CommandOutput } from '@aws-sdk/client-s3';

/**
 * Every object in a bucket (under `Prefix`, if given), with when it was last written: ListObjectsV2
 * answers at most 1,000 keys a call, so this follows its continuation tokens. `send` sends one
 * page's command, through whatever error translation the caller wraps around its client.
 */
export async function* bucketObjects(
  send: (command: ListObjectsV2Command) => Promise<ListObjectsV2CommandOutput>,
  Bucket: string,
  Prefix?: string,
): AsyncIterable<{ key: string; modifiedAt: Date }> {
  let ContinuationToken: string | undefined;
  do {
    const page = await send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
    for (const object of page.Contents ?? [])
      if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}
