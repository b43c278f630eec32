import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { CLIP_MAX_BYTES, MSG, type Clip } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { Publish } from '../../lib/events.js';
import type { MediaService } from '../../media/media-service.js';
import * as q from './clips-queries.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** A sold lot got its clip (or a new one): the run sheet shows it. */
    'stream.clip': { streamId: string; lotId: string; clip: Clip };
  }
}

export interface ClipsDeps {
  db: Kysely<DB>;
  clock: Clock;
  media: Pick<MediaService, 'storeVideo' | 'fileUrl' | 'removeFile'>;
  publish: Publish;
}

export type Clips = ReturnType<typeof createClips>;

/** What a file is by its first bytes: WebM (EBML's magic number) or MP4 (an `ftyp` box first). */
export function videoTypeOf(head: Buffer): { mimeType: string; ext: 'webm' | 'mp4' } | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { mimeType: 'video/webm', ext: 'webm' };
  if (head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp')
    return { mimeType: 'video/mp4', ext: 'mp4' };
  return null;
}

/**
 * Sale clips (ADR 0036): the host's browser records the stream and, at the hammer, sends the last
 * seconds up to the "Sold". The server keeps one per sold lot; no clip never blocks a sale.
 */
export function createClips(deps: ClipsDeps) {
  const { db, clock, media } = deps;

  const toClip = (row: { storage_key: string; mime_type: string; duration_ms: number }): Clip => ({
    url: media.fileUrl(row.storage_key),
    durationMs: row.duration_ms,
    mimeType: row.mime_type,
  });

  return {
    /** The host keeps a sold lot's clip; a second upload replaces the first. `file.source`: the upload's temporary file. */
    async uploadClip(
      host: UserRow,
      streamId: string,
      lotId: string,
      file: { source: string; bytes: number },
      durationMs: number,
    ): Promise<Clip> {
      const show = await q.findShow(db, streamId);
      if (!show) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
      if (show.host_id !== host.id) throw new DomainError('FORBIDDEN', MSG.notStreamHost);
      const lot = await q.findLot(db, streamId, lotId);
      if (!lot) throw new DomainError('NOT_FOUND', MSG.lotNotFound);
      if (lot.status !== 'sold') throw new DomainError('CONFLICT', MSG.clipNotSold);
      if (file.bytes > CLIP_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', MSG.clipTooLarge);
      const data = await fs.readFile(file.source);
      const type = videoTypeOf(data);
      if (!type) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.clipNotVideo);

      const key = await media.storeVideo('clips', data, type.ext);
      let replaced: string | undefined;
      try {
        replaced = await db.transaction().execute(async (trx) => {
          const before = await q.clipOf(trx, lotId);
          await q.saveClip(trx, {
            auction_id: lotId,
            stream_id: streamId,
            storage_key: key,
            mime_type: type.mimeType,
            bytes: data.length,
            duration_ms: durationMs,
            created_at: clock.iso(),
          });
          return before?.storage_key;
        });
      } catch (error) {
        await media.removeFile(key);
        throw error;
      }
      await media.removeFile(replaced ?? null);
      const clip = toClip({ storage_key: key, mime_type: type.mimeType, duration_ms: durationMs });
      deps.publish({ type: 'stream.clip', streamId, lotId, clip });
      return clip;
    },

    /** Sold lots' clips, by lot (auction) id: for the run sheet and for order lines. */
    async clipsOf(auctionIds: readonly string[]): Promise<ReadonlyMap<string, Clip>> {
      const ids = [...new Set(auctionIds)];
      return new Map((await q.clipsOf(db, ids)).map((row) => [row.auction_id, toClip(row)]));
    },

    /** The stored clip files, so the orphan sweep keeps them. */
    referencedUploads: (): Promise<string[]> => q.clipKeys(db),
  };
}
