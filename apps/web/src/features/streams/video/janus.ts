import type { VideoJoin } from '@souq/shared';
import { fetchVideoJoin } from './join.js';
import { JanusClientError, JanusSession, type JanusEvent, type JanusHandle } from './janus-session.js';
import type { HostVideo, VideoContext, ViewerVideo, ViewerVideoState } from './types.js';

/**
 * Video through the Janus SFU: the host publishes once to the stream's VideoRoom, each viewer
 * subscribes to that one feed. Our server created the room and handed each person a token
 * (ADR 0020); this module only speaks to Janus with it.
 */

type JanusJoin = Extract<VideoJoin, { mode: 'janus' }>;

export interface JanusVideoOptions {
  /** 'relay' forces everything through TURN (used by the relay test; networks that block UDP). */
  iceTransportPolicy?: RTCIceTransportPolicy;
}

/** A lost connection shows 'Reconnecting…' for up to 3 tries, then 'Connection failed'. */
const MAX_RETRIES = 3;
/** Media negotiated but no frame this long: treat the attempt as lost rather than spin forever. */
const FIRST_FRAME_TIMEOUT_MS = 15_000;
/** Chrome reports 'disconnected' on brief blips; only a lasting one is a loss. */
const DISCONNECTED_GRACE_MS = 5_000;
/** While the host has not started publishing, viewers look again this often. */
const FEED_POLL_MS = 1_000;

function janusJoin(join: VideoJoin): JanusJoin {
  if (join.mode !== 'janus') throw new Error(`janus video given a ${join.mode} join`);
  return join;
}

/** Asks our server again: after a Janus restart that recreates the room and re-adds our token. */
async function refreshJoin(streamId: string, previous: JanusJoin): Promise<JanusJoin> {
  try {
    const join = await fetchVideoJoin(streamId);
    return join.mode === 'janus' ? join : previous;
  } catch {
    return previous;
  }
}

function peerConnection(
  join: JanusJoin,
  options: JanusVideoOptions,
  handle: JanusHandle,
  onLost: (e: Error) => void,
): RTCPeerConnection {
  const pc = new RTCPeerConnection({
    iceServers: join.iceServers,
    ...(options.iceTransportPolicy ? { iceTransportPolicy: options.iceTransportPolicy } : {}),
  });
  pc.onicecandidate = (e) => handle.trickle(e.candidate);
  let grace: ReturnType<typeof setTimeout> | undefined;
  pc.onconnectionstatechange = () => {
    clearTimeout(grace);
    if (pc.connectionState === 'failed') onLost(new JanusClientError('media connection failed'));
    if (pc.connectionState === 'disconnected')
      grace = setTimeout(() => onLost(new JanusClientError('media connection lost')), DISCONNECTED_GRACE_MS);
  };
  return pc;
}

/** Hangups and the publisher leaving reach a handle as events without a transaction. */
function watchHandle(onLost: (e: Error) => void) {
  return (event: JanusEvent) => {
    const data = event.plugindata?.data;
    if (event.janus === 'hangup' || event.janus === 'detached') onLost(new JanusClientError(`janus ${event.janus}`));
    else if (data && (data.unpublished !== undefined || data.leaving !== undefined || data.videoroom === 'destroyed'))
      onLost(new JanusClientError('the host stopped publishing'));
  };
}

/** One publishing attempt; resolves with its teardown once Janus has answered our offer. */
async function publish(
  join: JanusJoin,
  media: MediaStream,
  options: JanusVideoOptions,
  onLost: (e: Error) => void,
): Promise<() => void> {
  const session = await JanusSession.create(join.url, join.token, onLost);
  let pc: RTCPeerConnection | undefined;
  const close = () => {
    pc?.close();
    session.destroy();
  };
  try {
    const handle = await session.attach(watchHandle(onLost));
    await handle.message({ request: 'join', ptype: 'publisher', room: join.room, token: join.token, display: 'host' });
    pc = peerConnection(join, options, handle, onLost);
    for (const track of media.getTracks()) pc.addTrack(track, media);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await handle.message({ request: 'publish' }, offer);
    if (!answer.jsep) throw new JanusClientError('Janus did not answer the offer');
    await pc.setRemoteDescription(answer.jsep);
    return close;
  } catch (error) {
    close();
    throw error;
  }
}

/** The host's feed, once the host publishes; until then, looks again (the viewer stays 'connecting'). */
async function findFeed(handle: JanusHandle, room: number, cancelled: () => boolean): Promise<number> {
  for (;;) {
    const reply = await handle.message({ request: 'listparticipants', room });
    const participants = (reply.plugindata?.data.participants ?? []) as { id: number; publisher: boolean }[];
    const feed = participants.find((p) => p.publisher);
    if (feed) return feed.id;
    if (cancelled()) throw new JanusClientError('cancelled');
    await new Promise((resolve) => setTimeout(resolve, FEED_POLL_MS));
  }
}

/** Calls `onFrame` once the <video> has decoded a frame (what "Live" means to a person). */
function onFirstFrame(video: HTMLVideoElement, onFrame: () => void): void {
  // Older Firefox lacks requestVideoFrameCallback; 'playing' is the closest there.
  if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => onFrame());
  else (video as HTMLVideoElement).addEventListener('playing', onFrame, { once: true });
}

interface Attempt {
  join: JanusJoin;
  video: HTMLVideoElement;
  options: JanusVideoOptions;
  onLost: (e: Error) => void;
  onLive: () => void;
  cancelled: () => boolean;
}

/** One subscribing attempt; resolves with its teardown once our answer is sent. */
async function subscribe({ join, video, options, onLost, onLive, cancelled }: Attempt): Promise<() => void> {
  const session = await JanusSession.create(join.url, join.token, onLost);
  let pc: RTCPeerConnection | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    clearTimeout(watchdog);
    pc?.close();
    session.destroy();
  };
  try {
    const handle = await session.attach(watchHandle(onLost));
    const feed = await findFeed(handle, join.room, cancelled);
    const attached = await handle.message({
      request: 'join',
      ptype: 'subscriber',
      room: join.room,
      streams: [{ feed }],
    });
    if (!attached.jsep) throw new JanusClientError('Janus sent no offer');
    pc = peerConnection(join, options, handle, onLost);
    const remote = new MediaStream();
    pc.ontrack = (e) => {
      remote.addTrack(e.track);
      if (video.srcObject !== remote) video.srcObject = remote;
      void video.play().catch(() => undefined); // muted autoplay is allowed; the sound toggle unmutes
    };
    await pc.setRemoteDescription(attached.jsep);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    await handle.message({ request: 'start', room: join.room }, answer);
    let live = false;
    onFirstFrame(video, () => {
      live = true;
      clearTimeout(watchdog);
      onLive();
    });
    watchdog = setTimeout(() => live || onLost(new JanusClientError('no video arrived')), FIRST_FRAME_TIMEOUT_MS);
    return close;
  } catch (error) {
    close();
    throw error;
  }
}

export function createJanusViewerVideo(ctx: VideoContext, options: JanusVideoOptions = {}): ViewerVideo {
  let join = janusJoin(ctx.join);
  let state: ViewerVideoState = 'connecting';
  const listeners = new Set<(state: ViewerVideoState) => void>();
  let video: HTMLVideoElement | undefined;
  let close: (() => void) | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  // Each attempt has a number; callbacks from an older attempt are ignored.
  let generation = 0;
  let failures = 0;
  let stopped = true;

  const set = (next: ViewerVideoState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(next);
  };
  const teardown = () => {
    generation++;
    clearTimeout(pending);
    close?.();
    close = undefined;
  };

  function connect(): void {
    const attempt = ++generation;
    const current = () => attempt === generation && !stopped;
    const lost = () => {
      if (!current()) return;
      teardown();
      failures++;
      if (failures > MAX_RETRIES) return set('failed');
      set('reconnecting');
      pending = setTimeout(() => {
        void refreshJoin(ctx.streamId, join).then((fresh) => {
          join = fresh;
          if (!stopped && state === 'reconnecting') connect();
        });
      }, 1000 * failures);
    };
    const onLive = () => {
      if (!current()) return;
      failures = 0; // a later blip gets its three tries again
      set('live');
    };
    subscribe({ join, video: video!, options, onLost: lost, onLive, cancelled: () => !current() }).then(
      (teardownAttempt) => (current() ? (close = teardownAttempt) : teardownAttempt()),
      lost,
    );
  }

  return {
    start(element) {
      video = element;
      stopped = false;
      connect();
    },
    stop() {
      stopped = true;
      teardown();
    },
    onState(listener) {
      listeners.add(listener);
      listener(state);
      return () => listeners.delete(listener);
    },
    retry() {
      if (!video) return;
      teardown();
      failures = 0;
      stopped = false;
      set('reconnecting');
      connect();
    },
  };
}

export function createJanusHostVideo(ctx: VideoContext, options: JanusVideoOptions = {}): HostVideo {
  let join = janusJoin(ctx.join);
  let close: (() => void) | undefined;
  let stopped = false;
  let failures = 0;

  /** Publishes; a lost connection (Janus restarted, network gone) republishes up to three times. */
  async function run(media: MediaStream, retrying: boolean): Promise<void> {
    let handled = false;
    const lost = () => {
      if (handled || stopped) return;
      handled = true;
      close?.();
      close = undefined;
      if (++failures > MAX_RETRIES) return;
      setTimeout(() => {
        void refreshJoin(ctx.streamId, join).then((fresh) => {
          join = fresh;
          if (!stopped) void run(media, true);
        });
      }, 1000 * failures);
    };
    let teardown: () => void;
    try {
      teardown = await publish(join, media, options, lost);
    } catch (error) {
      // The first attempt's failure is the caller's to show; a retry's counts as another loss.
      if (!retrying) throw error;
      return lost();
    }
    if (stopped) return teardown();
    close = teardown;
    failures = 0;
  }

  return {
    start(media) {
      stopped = false;
      return run(media, false);
    },
    stop() {
      stopped = true;
      close?.();
      close = undefined;
    },
    // Janus does not tell a publisher who subscribes, and the SFU has no small cap like the mesh:
    // the host screen's viewer count comes from our socket's room, so this never reports.
    onViewers() {
      return () => undefined;
    },
  };
}
