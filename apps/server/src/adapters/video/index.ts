import type { Config } from '../../config.js';
import type { VideoBackend } from './backend.js';
import { createMeshVideo } from './mesh.js';

export type { VideoBackend, VideoStream } from './backend.js';
export { iceServersFor, type IceSettings } from './ice.js';

export function createVideoBackend(config: Config): VideoBackend {
  return createMeshVideo(config.video.meshMaxViewers);
}
