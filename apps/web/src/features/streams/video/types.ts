import type { VideoJoin } from '@souq/shared';

/** What the viewer screen shows about its video connection. */
export type ViewerVideoState = 'connecting' | 'live' | 'reconnecting' | 'failed' | 'full';

/**
 * The host's side of a stream's video, whatever carries it: mesh (the host's browser sends to
 * each viewer, signaling over our socket) or Janus (the host publishes once to the SFU).
 */
export interface HostVideo {
  /** Starts sending the local camera and microphone. */
  start(media: MediaStream): Promise<void>;
  stop(): void;
  /** Viewers currently receiving video from this host (mesh) or from the SFU. */
  onViewers(listener: (count: number, full: boolean) => void): () => void;
}

/** A viewer's side: one remote stream into a <video>, with its connection states. */
export interface ViewerVideo {
  start(video: HTMLVideoElement): void;
  stop(): void;
  onState(listener: (state: ViewerVideoState) => void): () => void;
  /** The refresh button: the retry count starts again and the state is 'Reconnecting...'. */
  retry(): void;
}

/** What a video transport needs from the page: the stream, how to join its video, and the socket for signaling. */
export interface VideoContext {
  streamId: string;
  join: VideoJoin;
}
