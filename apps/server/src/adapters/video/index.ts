import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { VideoBackend } from './backend.js';
import { createJanusVideo } from './janus.js';
import { createMeshVideo } from './mesh.js';

export type { VideoBackend, VideoStream } from './backend.js';
export { iceServersFor, type IceSettings } from './ice.js';

/** Janus when it is configured (JANUS_URL and its admin settings), else the mesh that needs nothing installed. */
export function createVideoBackend(config: Config, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): VideoBackend {
  if (config.video.janus) return createJanusVideo(config.video.janus, log);
  return createMeshVideo(config.video.meshMaxViewers);
}

/**
 * Browsers talk to Janus directly, so the pages' Content-Security-Policy must allow its origin
 * (connect-src). A JANUS_PUBLIC_URL on our own origin (a reverse proxy path) needs nothing.
 */
export function janusConnectSources(config: Config): string[] {
  const publicUrl = config.video.janus?.publicUrl;
  if (!publicUrl || !/^https?:\/\//.test(publicUrl)) return [];
  const origin = new URL(publicUrl).origin;
  return origin === new URL(config.publicUrl).origin ? [] : [origin];
}
