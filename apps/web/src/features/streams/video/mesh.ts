import { VIEWER_RECONNECT_ATTEMPTS } from '@souq/shared';
import { emitSocket, joinStream, onSocketEvent } from '../../../api/socket';
import type { HostVideo, VideoContext, ViewerVideo, ViewerVideoState } from './types';

/**
 * Mesh video (the default, nothing installed): the host's browser holds one RTCPeerConnection per
 * viewer, signaling relayed by our socket. Descriptions go out once ICE gathering is complete (or
 * after GATHER_MS), candidates included, so a connection costs two socket messages, not dozens:
 * the server limits how many messages a socket may send, and a host answers every viewer.
 */

const GATHER_MS = 2_500;
/** A viewer waits this long for the host's offer, and then for the connection, before retrying. */
const WAIT_MS = 10_000;
/** A connection 'disconnected' this long (a network blip usually recovers sooner) counts as failed. */
const DISCONNECT_GRACE_MS = 4_000;

type Description = { type: 'offer' | 'answer'; sdp: string };

/** The local description once its candidates are gathered (or when gathering takes too long). */
async function gathered(pc: RTCPeerConnection): Promise<Description> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pc.removeEventListener('icegatheringstatechange', check);
        resolve();
      };
      const check = () => pc.iceGatheringState === 'complete' && done();
      const timer = setTimeout(done, GATHER_MS);
      pc.addEventListener('icegatheringstatechange', check);
    });
  }
  const { type, sdp } = pc.localDescription!;
  return { type: type as Description['type'], sdp };
}

/** After a failure, 'Reconnecting...' while fewer than 3 retries were made, then failed. */
export function afterFailure(retries: number): { state: 'reconnecting' | 'failed'; retries: number } {
  return retries < VIEWER_RECONNECT_ATTEMPTS
    ? { state: 'reconnecting', retries: retries + 1 }
    : { state: 'failed', retries };
}

/**
 * Each viewer costs the host's browser an encoder and upstream bandwidth of its own: the more
 * viewers, the smaller each picture, within about 6 Mbit/s in all (a home connection's upstream).
 */
export function encodingFor(viewers: number): { maxBitrate: number; scaleResolutionDownBy: number } {
  const maxBitrate = Math.max(250_000, Math.min(1_500_000, Math.floor(6_000_000 / Math.max(1, viewers))));
  return { maxBitrate, scaleResolutionDownBy: viewers <= 2 ? 1 : viewers <= 6 ? 1.5 : 2 };
}

export function createMeshHostVideo({ streamId, join }: VideoContext): HostVideo {
  const max = join.mode === 'mesh' ? join.maxViewers : Number.POSITIVE_INFINITY;
  const peers = new Map<string, RTCPeerConnection>();
  const listeners = new Set<(count: number, full: boolean) => void>();
  const stops: Array<() => void> = [];
  let media: MediaStream | null = null;

  const report = () => {
    tune();
    const count = [...peers.values()].filter((pc) => pc.connectionState === 'connected').length;
    for (const l of listeners) l(count, peers.size >= max);
  };
  const close = (viewer: string) => {
    peers.get(viewer)?.close();
    peers.delete(viewer);
  };
  let tuned = 0;
  /** Every viewer's picture sized for how many there are now. */
  const tune = () => {
    if (tuned === peers.size) return;
    tuned = peers.size;
    const encoding = encodingFor(peers.size);
    for (const pc of peers.values()) {
      for (const sender of pc.getSenders()) {
        if (sender.track?.kind !== 'video') continue;
        const params = sender.getParameters();
        if (!params.encodings?.length) continue;
        params.encodings[0] = { ...params.encodings[0], ...encoding };
        sender.setParameters(params).catch(() => undefined);
      }
    }
  };

  async function connect(viewer: string) {
    close(viewer);
    if (!media) return;
    if (peers.size >= max) {
      emitSocket('rtc:signal', { streamId, to: viewer, full: true });
      report();
      return;
    }
    const pc = new RTCPeerConnection({ iceServers: join.iceServers });
    peers.set(viewer, pc);
    for (const track of media.getTracks()) pc.addTrack(track, media);
    pc.addEventListener('connectionstatechange', () => {
      if (peers.get(viewer) !== pc) return;
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') close(viewer);
      report();
    });
    await pc.setLocalDescription(await pc.createOffer());
    tuned = -1;
    tune();
    const description = await gathered(pc);
    if (peers.get(viewer) !== pc) return;
    emitSocket('rtc:signal', { streamId, to: viewer, description });
    report();
  }

  return {
    async start(stream) {
      media = stream;
      stops.push(
        onSocketEvent('rtc:viewer', ({ streamId: id, viewer }) => {
          if (id !== streamId) return;
          connect(viewer).catch((error: unknown) => {
            console.warn('offering video to a viewer failed', error);
            close(viewer);
            report();
          });
        }),
        onSocketEvent('rtc:viewer-left', ({ streamId: id, viewer }) => {
          if (id !== streamId || !peers.has(viewer)) return;
          close(viewer);
          report();
        }),
        onSocketEvent('rtc:signal', ({ streamId: id, from, description, candidate }) => {
          const pc = id === streamId ? peers.get(from) : undefined;
          if (!pc) return;
          const step =
            description?.type === 'answer'
              ? pc.setRemoteDescription(description)
              : candidate
                ? pc.addIceCandidate(candidate)
                : null;
          step?.catch((error: unknown) => console.warn('a viewer’s answer did not apply', error));
        }),
      );
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
      for (const viewer of [...peers.keys()]) close(viewer);
      media = null;
      report();
    },
    onViewers(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export function createMeshViewerVideo({ streamId, join }: VideoContext): ViewerVideo {
  const listeners = new Set<(state: ViewerVideoState) => void>();
  const stops: Array<() => void> = [];
  let state: ViewerVideoState = 'connecting';
  let retries = 0;
  let pc: RTCPeerConnection | null = null;
  let video: HTMLVideoElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const set = (next: ViewerVideoState) => {
    if (state === next) return;
    state = next;
    for (const l of listeners) l(next);
  };
  const wait = (fn: () => void, ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
  const closePeer = () => {
    pc?.close();
    pc = null;
  };

  function request() {
    if (stopped) return;
    closePeer();
    emitSocket('rtc:request', { streamId });
    wait(fail, WAIT_MS);
  }

  function fail() {
    clearTimeout(timer);
    closePeer();
    if (stopped) return;
    const next = afterFailure(retries);
    retries = next.retries;
    set(next.state);
    if (next.state === 'reconnecting') wait(request, 1_000 * retries);
  }

  async function answer(offer: Description) {
    clearTimeout(timer);
    closePeer();
    const peer = new RTCPeerConnection({ iceServers: join.iceServers });
    pc = peer;
    peer.addEventListener('track', (event) => {
      const [remote] = event.streams;
      if (video && remote && video.srcObject !== remote) {
        video.srcObject = remote;
        video.play().catch(() => undefined);
      }
      set('live');
    });
    peer.addEventListener('connectionstatechange', () => {
      if (pc !== peer) return;
      if (peer.connectionState === 'connected') {
        clearTimeout(timer);
        retries = 0;
        set('live');
      } else if (peer.connectionState === 'failed') fail();
      else if (peer.connectionState === 'disconnected') wait(fail, DISCONNECT_GRACE_MS);
    });
    await peer.setRemoteDescription(offer);
    await peer.setLocalDescription(await peer.createAnswer());
    const description = await gathered(peer);
    if (pc !== peer) return;
    emitSocket('rtc:signal', { streamId, description });
    wait(fail, WAIT_MS);
  }

  return {
    start(element) {
      video = element;
      stops.push(
        onSocketEvent('rtc:signal', ({ streamId: id, description, candidate, full }) => {
          if (id !== streamId || stopped) return;
          if (full) {
            clearTimeout(timer);
            closePeer();
            set('full');
          } else if (description?.type === 'offer') {
            answer(description).catch((error: unknown) => {
              console.warn('answering the host failed', error);
              fail();
            });
          } else if (candidate && pc) pc.addIceCandidate(candidate).catch(() => undefined);
        }),
        // In the room (again, after any reconnect: the host knows us by our new socket id): ask for video,
        // unless the video still flows.
        joinStream(streamId, {
          onJoined(reply) {
            if (reply.ok && !(state === 'live' && pc?.connectionState === 'connected')) request();
          },
        }),
      );
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const stop of stops.splice(0)) stop();
      closePeer();
      if (video) video.srcObject = null;
    },
    onState(listener) {
      listeners.add(listener);
      listener(state);
      return () => void listeners.delete(listener);
    },
    retry() {
      retries = 0;
      set('reconnecting');
      request();
    },
  };
}
