import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { MSG, REPLAY_PIECE_MAX_BYTES, type Replay } from '@souq/shared';
import type { VideoBackend } from '../../adapters/video/index.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { MediaService } from '../../media/media-service.js';
import { isWebmStart } from '../../media/webm-duration.js';
import { createReplayJoining } from './replay-joining.js';
import * as q from './replays-queries.js';

export interface ReplaysDeps {
  db: Kysely<DB>;
  clock: Clock;
  media: Pick<MediaService, 'storeVideo' | 'readFile' | 'fileUrl' | 'removeFile'>;
  /** Janus's own recording, when it records the shows (ADR 0057). */
  video: Pick<VideoBackend, 'takeRecording'>;
  /** How long a replay is kept (REPLAY_DAYS). */
  keepMs: number;
}

export type Replays = ReturnType<typeof createReplays>;
export { REPLAY_SETTLE_MS } from './replay-joining.js';

/**
 * Replays of whole shows (issue 47, ADR 0055). While a show runs, the host's browser records it
 * and sends it in pieces of about 5 s; each is stored as it arrives, so a crash keeps what was
 * sent. After the show ends a job joins the pieces in order, up to the first gap, into one WebM
 * file with its length written in, served with byte ranges like the clips. Its chapters are the
 * lots, each where it started on the server's clock, counted from the recording's start.
 */
export function createReplays(deps: ReplaysDeps) {
  const { db, clock, media } = deps;

  async function hostedShow(host: UserRow, streamId: string) {
    const show = await q.findShow(db, streamId);
    if (!show) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
    if (show.host_id !== host.id) throw new DomainError('FORBIDDEN', MSG.notStreamHost);
    return show;
  }

  return {
    /** One piece of the host's recording; `file.source` is the upload's temporary file. */
    async recordPiece(
      host: UserRow,
      streamId: string,
      piece: { seq: number; endMs: number; source: string; bytes: number },
    ): Promise<{ seq: number }> {
      const show = await hostedShow(host, streamId);
      if (piece.bytes > REPLAY_PIECE_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', MSG.replayPieceTooLarge);
      const recording = await q.replayOf(db, streamId);
      if (recording && recording.status !== 'recording') throw new DomainError('CONFLICT', MSG.replayFinished);
      if (show.status === 'ended' && !recording) throw new DomainError('CONFLICT', MSG.replayFinished);
      const data = await fs.readFile(piece.source);
      if (piece.seq === 0 && !isWebmStart(data)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.replayNotWebm);
      if (piece.seq > 0 && !(await q.pieceOf(db, streamId, 0))) throw new DomainError('CONFLICT', MSG.replayFromStart);
      // A first piece again after later ones is a new recording (a reload): it cannot join the first.
      if (piece.seq === 0 && (await q.pieceOf(db, streamId, 1)))
        throw new DomainError('CONFLICT', MSG.replayStartedElsewhere);
      const key = await media.storeVideo('replay-pieces', data, 'webm', 'private');
      const replaced = await q.pieceOf(db, streamId, piece.seq);
      await db.transaction().execute(async (trx) => {
        if (piece.seq === 0) await q.startRecording(trx, streamId, clock.iso(-piece.endMs));
        await q.savePiece(trx, {
          stream_id: streamId,
          seq: piece.seq,
          storage_key: key,
          bytes: data.length,
          end_ms: piece.endMs,
          created_at: clock.iso(),
        });
      });
      if (replaced) await media.removeFile(replaced.storage_key);
      return { seq: piece.seq };
    },

    /** The replay of an ended show, with a chapter at each lot that ran. */
    async replayOf(streamId: string): Promise<Replay> {
      const replay = await q.replayOf(db, streamId);
      if (!replay || replay.status !== 'ready' || !replay.storage_key)
        throw new DomainError('NOT_FOUND', MSG.replayNotFound);
      const start = Date.parse(replay.started_at);
      const durationMs = Number(replay.duration_ms);
      const chapters = (await q.ranLots(db, streamId)).map((lot) => ({
        lotId: lot.id,
        position: Number(lot.lot_position),
        title: lot.title,
        outcome: lot.status === 'sold' ? ('sold' as const) : ('passed' as const),
        price: lot.status === 'sold' && lot.current_bid !== null ? Number(lot.current_bid) : null,
        atMs: Math.min(durationMs, Math.max(0, Date.parse(lot.starts_at) - start)),
      }));
      return { url: media.fileUrl(replay.storage_key), mimeType: replay.mime_type, durationMs, chapters };
    },

    async deleteReplay(host: UserRow, streamId: string): Promise<void> {
      await hostedShow(host, streamId);
      const replay = await q.replayOf(db, streamId);
      if (!replay || replay.status !== 'ready') throw new DomainError('NOT_FOUND', MSG.replayNotFound);
      await q.markDeleted(db, streamId, clock.iso());
      await media.removeFile(replay.storage_key);
    },

    /** The job after a show ends: every ended show's recording joined into its replay. */
    joinDue: createReplayJoining(deps).joinDue,

    /** The job that keeps replays REPLAY_DAYS: older ones are deleted with their files. */
    async sweepOld(): Promise<void> {
      for (const old of await q.readyBefore(db, clock.iso(-deps.keepMs))) {
        await q.markDeleted(db, old.stream_id, clock.iso());
        await media.removeFile(old.storage_key);
      }
    },

    referencedUploads: () => q.storedKeys(db),
  };
}
