import { useEffect, useRef, useState } from 'react';
import type { Lot } from '@souq/shared';
import { captureHostMedia, stopMedia } from './media';
import { useHostVideo } from './video/useVideo';
import { useClipOnSale } from './host/useClipOnSale';
import { useShowRecording } from './host/useShowRecording';

interface Options {
  streamId: string;
  /** The camera the start captured; after a reload the page captures it again. */
  initialMedia: MediaStream | null;
  ended: boolean;
  scheduled: boolean;
  onClipFailed(lot: Lot): void;
}

/**
 * The host's camera while the show is live: captured again after a reload, shown in the local video,
 * sent to the viewers, recorded for the lots' clips and the show's replay, and turned off when the stream ends or the page is left.
 */
export function useHostMedia({ streamId, initialMedia, ended, scheduled, onClipFailed }: Options) {
  const [media, setMedia] = useState<MediaStream | null>(initialMedia);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const local = useRef<HTMLVideoElement>(null);
  const video = useHostVideo(streamId, ended || scheduled ? null : media);
  // A clip that could not be kept is only mentioned: the sale stands without it.
  useClipOnSale({ streamId, media: ended || scheduled ? null : media, onFailed: onClipFailed });
  // The whole show, for its replay (issue 47, ADR 0055): recorded in the host's browser, sent in
  // pieces, once the video join has said whether Janus records it instead (ADR 0057).
  const serverRecords = video.join?.mode === 'janus' && video.join.serverRecords;
  const joinAnswered = video.join !== null || video.error !== null;
  useShowRecording(streamId, ended || scheduled || !joinAnswered || serverRecords ? null : media);

  // After a reload: the camera again (the stream stayed live meanwhile, the server waits 30 s for its host).
  useEffect(() => {
    if (media || ended || scheduled) return;
    let alive = true;
    captureHostMedia().then(
      (m) => (alive ? setMedia(m) : stopMedia(m)),
      (e: unknown) => alive && setMediaError((e as Error).message),
    );
    return () => {
      alive = false;
    };
  }, [media, ended, scheduled]);

  useEffect(() => {
    if (local.current && media) local.current.srcObject = media;
  }, [media]);

  // The camera goes off when the stream ends or the page is left.
  const current = useRef(media);
  useEffect(() => {
    current.current = media;
    if (ended) stopMedia(media);
  }, [media, ended]);
  const mounts = useRef(0);
  useEffect(() => {
    const mount = ++mounts.current;
    // Deferred: React's development double mount is not leaving (a later mount is what is compared).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    return () => void setTimeout(() => mounts.current === mount && stopMedia(current.current), 0);
  }, []);

  return { local, mediaError, video };
}
