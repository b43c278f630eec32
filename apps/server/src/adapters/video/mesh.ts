import type { VideoBackend } from './backend.js';

/** Peer to peer: nothing to open or close on the server; the host's browser holds each viewer. */
export function createMeshVideo(maxViewers: number): VideoBackend {
  return {
    mode: 'mesh',
    recordsShows: false,
    openRoom: async () => null,
    join: async (_stream, _person, iceServers) => ({ mode: 'mesh', iceServers, maxViewers }),
    closeRoom: async () => undefined,
  };
}
