import { createMeshHostVideo, createMeshViewerVideo } from './mesh';
import type { HostVideo, VideoContext, ViewerVideo } from './types';

export type { HostVideo, VideoContext, ViewerVideo, ViewerVideoState } from './types';

/** The host's video for how the server says this stream travels: mesh, or Janus (fetched only when used). */
export async function createHostVideo(ctx: VideoContext): Promise<HostVideo> {
  if (ctx.join.mode === 'janus') return (await import('./janus.js')).createJanusHostVideo(ctx);
  return createMeshHostVideo(ctx);
}

export async function createViewerVideo(ctx: VideoContext): Promise<ViewerVideo> {
  if (ctx.join.mode === 'janus') return (await import('./janus.js')).createJanusViewerVideo(ctx);
  return createMeshViewerVideo(ctx);
}
