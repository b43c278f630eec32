import { useEffect, useRef } from 'react';
import type { Lot } from '@souq/shared';
import { onSocketEvent } from '../../../api/socket';
import { createClipRecorder, type ClipRecorder } from '../../streams/clip/clip-recorder';
import { uploadClip } from '../host-api';

interface Options {
  streamId: string;
  /** The camera's stream while the show is live; null stops the recording. */
  media: MediaStream | null;
  /** A clip that could not be kept, for a quiet note (the sale is never held up by it). */
  onFailed?(lot: Lot): void;
}

/**
 * Records the host's camera in a rolling window while live and, when a lot this page saw running
 * turns sold, keeps the last seconds up to the hammer as the lot's clip (ADR 0036). A device that
 * cannot record, a recorder that gives nothing or a refused upload only costs the clip.
 */
export function useClipOnSale({ streamId, media, onFailed }: Options) {
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });

  useEffect(() => {
    if (!media) return;
    let recorder: ClipRecorder | null = null;
    try {
      recorder = createClipRecorder(media);
    } catch (error) {
      console.warn('clip recorder unavailable', error);
    }
    if (!recorder) return;
    const running = new Set<string>();
    const taken = new Set<string>();

    function seen(lot: Lot | null | undefined) {
      if (!lot) return;
      if (lot.status === 'running') running.add(lot.id);
      // Only a lot this page ran up to its hammer: a reload after the sale has no clip to give.
      if (lot.status !== 'sold' || !running.has(lot.id) || taken.has(lot.id)) return;
      taken.add(lot.id);
      void keep(lot);
    }

    async function keep(lot: Lot) {
      try {
        const clip = await recorder!.takeClip();
        if (!clip) throw new Error('nothing recorded');
        await uploadClip(streamId, lot.id, clip);
      } catch (error) {
        console.warn(`clip of lot ${lot.id} not kept`, error);
        failed.current?.(lot);
      }
    }

    const stops = [
      onSocketEvent('stream:update', ({ stream }) => stream.id === streamId && seen(stream.lot)),
      onSocketEvent('show:lots', ({ streamId: id, lots }) => id === streamId && lots.forEach(seen)),
    ];
    return () => {
      stops.forEach((stop) => stop());
      recorder?.stop();
    };
  }, [streamId, media]);
}
