import { useEffect, useState, type RefObject } from 'react';
import type { VideoJoin } from '@souq/shared';
import { fetchVideoJoin } from './join';
import { createHostVideo, createViewerVideo, type ViewerVideoState } from './index';

/** A viewer's video into the <video>, with its connection states, while `on`. */
export function useViewerVideo(streamId: string, video: RefObject<HTMLVideoElement | null>, on: boolean) {
  const [state, setState] = useState<ViewerVideoState>('connecting');
  const [retry, setRetry] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!on) return;
    let alive = true;
    let stop = () => {};
    const run = async () => {
      try {
        const join = await fetchVideoJoin(streamId);
        const transport = await createViewerVideo({ streamId, join });
        if (!alive || !video.current) return;
        const off = transport.onState(setState);
        transport.start(video.current);
        setRetry(() => () => transport.retry());
        stop = () => {
          off();
          transport.stop();
        };
      } catch (error) {
        console.warn('the video could not start', error);
        if (alive) setState('failed');
      }
    };
    void run();
    return () => {
      alive = false;
      stop();
      setRetry(null);
    };
  }, [streamId, video, on]);
  return { state, retry };
}

/** The host's camera out to the viewers while `media` is set; how many watch, and whether the mesh is full. */
export function useHostVideo(streamId: string, media: MediaStream | null) {
  const [viewers, setViewers] = useState({ count: 0, full: false });
  const [join, setJoin] = useState<VideoJoin | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!media) return;
    let alive = true;
    let stop = () => {};
    const run = async () => {
      try {
        const how = await fetchVideoJoin(streamId);
        const transport = await createHostVideo({ streamId, join: how });
        if (!alive) return;
        setJoin(how);
        const off = transport.onViewers((count, full) => setViewers({ count, full }));
        stop = () => {
          off();
          transport.stop();
        };
        await transport.start(media);
      } catch (e) {
        if (alive) setError((e as Error).message);
      }
    };
    void run();
    return () => {
      alive = false;
      stop();
    };
  }, [streamId, media]);
  return { ...viewers, join, error };
}
