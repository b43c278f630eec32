import type { VideoJoin } from '@souq/shared';
import type { ServerRecording } from './janus-recordings.js';

export interface VideoStream {
  id: string;
  /** The SFU room, once opened. */
  videoRoom: number | null;
}

/**
 * How a stream's video travels (ADR 0020). Mesh, the default, needs nothing
 * installed: the host's browser sends to each viewer and the socket carries the signaling. With
 * JANUS_URL set the host publishes once to a Janus VideoRoom and viewers subscribe there.
 */
export interface VideoBackend {
  readonly mode: VideoJoin['mode'];
  /** Prepares the stream's room as it starts; returns the SFU room number, if any. */
  openRoom(stream: VideoStream): Promise<number | null>;
  /** What this person's browser needs to publish (the host) or watch. */
  join(
    stream: VideoStream,
    person: { userId: string | null; role: 'publisher' | 'subscriber' },
    iceServers: VideoJoin['iceServers'],
  ): Promise<VideoJoin>;
  closeRoom(stream: VideoStream): Promise<void>;
  /** The host removed this person: they may not join again (mesh needs nothing; the socket stops them). */
  removePerson?(stream: VideoStream, userId: string): Promise<void>;
  /** True when the video server records each show itself (Janus with JANUS_RECORDINGS_DIR); else the host's browser does. */
  readonly recordsShows: boolean;
  /** After the show: what the video server recorded, as one WebM (null: nothing), its files removed. */
  takeRecording?(stream: VideoStream): Promise<ServerRecording | null>;
}
