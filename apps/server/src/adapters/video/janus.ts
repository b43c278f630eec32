import crypto from 'node:crypto';
import { DomainError } from '../../lib/errors.js';
import type { VideoBackend, VideoStream } from './backend.js';
import { JanusError, janusPost, videoroomRequest } from './janus-http.js';
import { createJanusRecordings } from './janus-recordings.js';

export interface JanusSettings {
  /** Janus API as our server reaches it. */
  url: string;
  /** Janus API as browsers reach it. */
  publicUrl: string;
  adminUrl: string;
  adminSecret: string;
  /** Set: Janus records each show here, and the replay is made from that (ADR 0057). */
  recordingsDir?: string;
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const VIDEOROOM = 'janus.plugin.videoroom';
/** VideoRoom's error codes we act on. */
const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;
const UNAUTHORIZED = 403;

export const VIDEO_UNAVAILABLE = 'Live video is unavailable right now. Please try again in a moment.';

/** Turns Janus's failures into a 503 the person can act on; the detail goes to our log only. */
const guardedBy =
  (log: Log) =>
  async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      log.warn({ err: error }, `janus: ${what} failed`);
      throw new DomainError('SERVICE_UNAVAILABLE', VIDEO_UNAVAILABLE);
    }
  };

/** Room secrets and tokens, derived from the admin secret (see below). */
function janusSecrets(adminSecret: string) {
  const derive = (what: string) =>
    crypto.createHmac('sha256', adminSecret).update(what).digest('base64url').slice(0, 32);
  /** Tokens start with the room number, so closing a room finds all of its tokens in `list_tokens`. */
  const tokenPrefix = (room: number) => `souq.${room}.`;
  return {
    serverToken: `souq-server.${derive('server')}`,
    roomSecret: (room: number) => derive(`room-secret:${room}`),
    tokenPrefix,
    hostToken: (room: number) => `${tokenPrefix(room)}p.${derive(`publisher:${room}`)}`,
    viewerToken: (room: number, userId: string | null) =>
      // Signed-out viewers have no stable id: each join gets a token of its own, removed with the room.
      `${tokenPrefix(room)}s.${userId ? derive(`subscriber:${room}:${userId}`) : crypto.randomBytes(16).toString('base64url')}`,
  };
}

/**
 * The SFU (ADR 0020). What Janus enforces, and how:
 * - Every Janus API request needs a token we added through the Admin API (`token_auth`), limited
 *   to the VideoRoom plugin: without one nobody can attach, so nobody the server did not admit
 *   can watch.
 * - Each room's `allowed` list holds only the host's token, and `publishers: 1`: a viewer's token
 *   cannot join as a publisher. (Janus checks `allowed` on publisher joins only; viewers are
 *   gated by the core token above.)
 * - Rooms are created with a secret and with the VideoRoom `admin_key` (set to our admin secret in
 *   its config), so only our server can create, edit or destroy rooms.
 * Limits: a token is not tied to one room, so an admitted viewer could subscribe to another live
 * room by number (every stream is public to watch anyway); removing a token stops new sessions
 * but does not cut a subscription already flowing.
 *
 * Secrets and tokens are derived from the admin secret (HMAC) rather than stored, so any instance
 * of our server, or this one after a restart, can recreate a room and its tokens after Janus
 * restarted (which forgets both) and hand a returning person the same token.
 */
export function createJanusVideo(settings: JanusSettings, log: Log): VideoBackend {
  const { serverToken, roomSecret, tokenPrefix, hostToken, viewerToken } = janusSecrets(settings.adminSecret);

  const admin = (body: Record<string, unknown>) =>
    janusPost(settings.adminUrl, { ...body, admin_secret: settings.adminSecret });
  const addToken = (token: string) => admin({ janus: 'add_token', token, plugins: [VIDEOROOM] });
  const recordings = settings.recordingsDir ? createJanusRecordings(settings.recordingsDir) : null;
  const recordsShows = recordings !== null;

  /** A VideoRoom request as our server; after a Janus restart our own token is gone too, so it is re-added once. */
  async function videoroom(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    try {
      return await videoroomRequest(settings.url, serverToken, body);
    } catch (error) {
      if (!(error instanceof JanusError) || error.code !== UNAUTHORIZED) throw error;
      await addToken(serverToken);
      return videoroomRequest(settings.url, serverToken, body);
    }
  }

  async function createRoom(room: number): Promise<void> {
    await addToken(hostToken(room));
    await videoroom({
      request: 'create',
      room,
      admin_key: settings.adminSecret,
      secret: roomSecret(room),
      description: 'Souq live stream',
      is_private: true,
      publishers: 1,
      allowed: [hostToken(room)],
      audiocodec: 'opus',
      videocodec: 'vp8',
      permanent: false,
      // The publisher's tracks, one .mjr file each, in the room's own directory (Janus makes it).
      ...(recordings ? { record: true, rec_dir: recordings.roomDir(room) } : {}),
    });
  }

  const guarded = guardedBy(log);

  return {
    mode: 'janus',
    recordsShows,

    openRoom: (stream: VideoStream) =>
      guarded('opening a room', async () => {
        // Random numbers (below 2^31, so every database and JSON reader keeps them exact); a clash retries.
        for (let attempt = 0; ; attempt++) {
          const room = stream.videoRoom ?? crypto.randomInt(1, 2 ** 31 - 1);
          try {
            await createRoom(room);
            return room;
          } catch (error) {
            if (
              !(error instanceof JanusError) ||
              error.code !== ROOM_EXISTS ||
              stream.videoRoom !== null ||
              attempt >= 3
            )
              throw error;
          }
        }
      }),

    join: (stream, person, iceServers) =>
      guarded('joining a room', async () => {
        const room = stream.videoRoom;
        if (room === null) throw new DomainError('SERVICE_UNAVAILABLE', VIDEO_UNAVAILABLE);
        const exists = await videoroom({ request: 'exists', room });
        if (exists.exists !== true) {
          // Janus restarted since the stream began (rooms live in its memory): bring the room back.
          log.info({ room }, 'janus: room missing, recreating it');
          await createRoom(room).catch((error: unknown) => {
            if (!(error instanceof JanusError) || error.code !== ROOM_EXISTS) throw error; // another instance won the race
          });
        }
        const token = person.role === 'publisher' ? hostToken(room) : viewerToken(room, person.userId);
        await addToken(token);
        return {
          mode: 'janus' as const,
          iceServers,
          url: settings.publicUrl,
          room,
          token,
          role: person.role,
          serverRecords: recordsShows,
        };
      }),

    takeRecording: async (stream) =>
      recordings && stream.videoRoom !== null ? recordings.take(stream.videoRoom) : null,

    removePerson: (stream, userId) =>
      guarded('removing a token', async () => {
        // Their next session is refused; a picture already flowing lasts until they reload (ADR 0020).
        if (stream.videoRoom !== null)
          await admin({ janus: 'remove_token', token: viewerToken(stream.videoRoom, userId) });
      }),

    closeRoom: (stream) =>
      guarded('closing a room', async () => {
        const room = stream.videoRoom;
        if (room === null) return;
        await videoroom({ request: 'destroy', room, secret: roomSecret(room) }).catch((error: unknown) => {
          if (!(error instanceof JanusError) || error.code !== NO_SUCH_ROOM) throw error; // already gone (a Janus restart)
        });
        const listed = await admin({ janus: 'list_tokens' });
        const tokens = ((listed.data?.tokens ?? []) as { token: string }[])
          .map((t) => t.token)
          .filter((t) => t.startsWith(tokenPrefix(room)));
        for (const token of tokens) await admin({ janus: 'remove_token', token });
      }),
  };
}
