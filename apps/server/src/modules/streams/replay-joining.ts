import { withWebmDuration } from '../../media/webm-duration.js';
import type { ReplaysDeps } from './replays.js';
import * as q from './replays-queries.js';

/**
 * How long after a show's end its recording is left to settle before it is joined: the host's
 * browser sends its last piece as the show ends, and Janus closes its files once the room goes.
 */
export const REPLAY_SETTLE_MS = 5_000;

/**
 * After a show ends, its recording becomes its replay: the host's browser's pieces joined in
 * order, up to the first gap (ADR 0055), or what the video server recorded (ADR 0057).
 */
export function createReplayJoining(deps: ReplaysDeps) {
  const { db, clock, media } = deps;

  /** What the video server recorded of the show, stored as its replay (ADR 0057). */
  async function keepServerRecording(streamId: string): Promise<void> {
    const show = await q.findShow(db, streamId);
    const recording = await deps.video.takeRecording?.({ id: streamId, videoRoom: show?.video_room ?? null });
    if (!recording) return;
    const key = await media.storeVideo('replays', recording.data, 'webm');
    await q.markReady(db, streamId, {
      storage_key: key,
      bytes: recording.data.length,
      duration_ms: recording.durationMs,
      ready_at: clock.iso(),
      started_at: new Date(recording.startedAtMs).toISOString(),
    });
  }

  /** Joins one ended show's pieces into its replay, if this instance claims it. */
  async function join(streamId: string): Promise<void> {
    if (!(await q.claimJoin(db, streamId))) return;
    const pieces = await q.piecesOf(db, streamId);
    // No pieces: the host's browser did not record, because the video server did.
    if (pieces.length === 0) return keepServerRecording(streamId);
    const parts: Buffer[] = [];
    let durationMs = 0;
    for (const [i, piece] of pieces.entries()) {
      // A gap (a piece that never came) ends what plays: later pieces cannot be read without it.
      if (piece.seq !== i) break;
      const data = await media.readFile(piece.storage_key);
      if (!data) break;
      parts.push(data);
      durationMs = Number(piece.end_ms);
    }
    if (parts.length) {
      parts[0] = withWebmDuration(parts[0]!, durationMs);
      const file = Buffer.concat(parts);
      const key = await media.storeVideo('replays', file, 'webm');
      await q.markReady(db, streamId, {
        storage_key: key,
        bytes: file.length,
        duration_ms: durationMs,
        ready_at: clock.iso(),
      });
    }
    await q.removePieces(db, streamId);
    for (const piece of pieces) await media.removeFile(piece.storage_key);
  }

  return {
    async joinDue(): Promise<void> {
      for (const streamId of await q.dueToJoin(db, clock.iso(-REPLAY_SETTLE_MS))) await join(streamId);
    },
  };
}
