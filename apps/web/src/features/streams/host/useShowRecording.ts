import { useEffect } from 'react';
import { REPLAY_PIECE_MS } from '@souq/shared';
import { ApiError } from '../../../api/client';
import { sendReplayPiece } from '../host-api';

/** WebM only: a replay is its pieces joined end to end, which MP4 fragments from MediaRecorder are not. */
const REPLAY_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];
const RETRIES = 3;

/**
 * Records the whole show in the host's browser while it is live (issue 47, ADR 0055) and sends
 * each ~5 s piece as it is made, one at a time, retried a few times: what reached the server
 * before a crash is the replay. A refusal the server means (the recording began on an earlier
 * page, or is finished) stops it quietly; a device that cannot record only costs the replay.
 */
export function useShowRecording(streamId: string, media: MediaStream | null) {
  useEffect(() => {
    if (!media || typeof MediaRecorder === 'undefined') return;
    const mimeType = REPLAY_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    if (!mimeType) return;
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(media, { mimeType, videoBitsPerSecond: 1_000_000 });
    } catch (error) {
      console.warn('show recording unavailable', error);
      return;
    }
    const began = performance.now();
    let seq = 0;
    let refused = false;
    let sending = Promise.resolve();

    async function send(piece: Blob, n: number, endMs: number) {
      for (let attempt = 0; attempt < RETRIES && !refused; attempt++) {
        try {
          await sendReplayPiece(streamId, { seq: n, endMs, blob: piece });
          return;
        } catch (error) {
          // The server's word (4xx) will not change on a retry: the recording stops here.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) refused = true;
          else await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
        }
      }
    }

    recorder.ondataavailable = (event) => {
      if (refused || event.data.size === 0) return;
      const n = seq++;
      const endMs = Math.round(performance.now() - began);
      sending = sending.then(() => send(event.data, n, endMs));
      if (refused) recorder.stop();
    };
    recorder.start(REPLAY_PIECE_MS);
    return () => {
      if (recorder.state !== 'inactive') recorder.stop();
    };
  }, [streamId, media]);
}
