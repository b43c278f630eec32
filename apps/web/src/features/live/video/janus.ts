import type { HostVideo, VideoContext, ViewerVideo } from './types';

/** Placeholder: the Janus transport is built on its own branch and replaces this file at merge. */
const unavailable = (): never => {
  throw new Error('Janus video is not available in this build');
};

export function createJanusHostVideo(_ctx: VideoContext): HostVideo {
  return unavailable();
}

export function createJanusViewerVideo(_ctx: VideoContext): ViewerVideo {
  return unavailable();
}
