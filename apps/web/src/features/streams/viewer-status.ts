import { MSG } from '@souq/shared';
import type { ViewerVideoState } from './video/types';

/** What a viewer is told of the connection to the host's video, in the bar and over the video. */
export const STATUS_TEXT: Record<ViewerVideoState, string> = {
  connecting: MSG.connecting,
  live: MSG.live,
  reconnecting: MSG.reconnecting,
  failed: MSG.connectionFailed,
  full: MSG.streamFull,
};
