import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { io } from 'socket.io-client';

/**
 * Drives the web app's Janus video module in Chromium without its screens: a bare page on the
 * app's own origin (so cookies and `/api` work as on the real page) loads the module, bundled
 * from source, and runs the host's or a viewer's side. Shared by e2e/janus.test.ts and
 * bench/video.bench.ts, so it imports nothing from Vitest.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A web root for the app to serve (its `webDist`): a bare page and the module bundled from
 * source as one script defining `window.SouqJanus`. Served by our real server, so the page gets
 * the real Content-Security-Policy and origin, as the live screens will. Returns the directory.
 */
export async function writeVideoTestSite(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-video-site-'));
  await build({
    entryPoints: [path.join(ROOT, 'apps/web/src/features/streams/video/janus.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'SouqJanus',
    platform: 'browser',
    target: 'chrome110',
    outfile: path.join(dir, 'janus-video.js'),
    logLevel: 'silent',
  });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Souq</title>');
  fs.writeFileSync(
    path.join(dir, 'video-test.html'),
    '<!doctype html><title>video test</title><script src="/janus-video.js"></script><body></body>',
  );
  return dir;
}

/**
 * Keeps every RTCPeerConnection the page makes, so a test can ask which candidate pair carried
 * the media (proof that relay-only really went through TURN).
 */
function recordPeerConnections(): void {
  const Original = window.RTCPeerConnection;
  const all: RTCPeerConnection[] = [];
  (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = all;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      all.push(this);
    }
  } as typeof RTCPeerConnection;
}

/** A new context signed in with `cookie` (or signed out) on the test page, served by the app from `writeVideoTestSite`'s directory. */
export async function openVideoPage(browser: Browser, origin: string, cookie?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  }
  await context.addInitScript(recordPeerConnections);
  const page = await context.newPage();
  await page.goto(`${origin}/video-test.html`);
  await page.waitForFunction(() => 'SouqJanus' in window);
  return page;
}

/** Host start as the host page does it: a form POSTed from the page (same origin, session cookie). */
export function goLive(page: Page, productId: string, title = 'Janus night'): Promise<string> {
  return page.evaluate(
    async ({ productId, title }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ title, durationMinutes: '10', productId, startingBid: '10000' }))
        form.set(k, v);
      const res = await fetch('/api/streams', { method: 'POST', body: form });
      if (res.status !== 201) throw new Error(`go live answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    },
    { productId, title },
  );
}

/**
 * The host's presence in the stream's socket room, as the host screen keeps it: without it the
 * server ends the stream 30 s after start (the host "left"). Returns a function that leaves.
 */
export async function hostPresence(origin: string, cookie: string, streamId: string): Promise<() => void> {
  const socket = io(origin, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie, origin } });
  await new Promise<void>((resolve, reject) => {
    socket.once('hello', () => resolve());
    socket.once('connect_error', reject);
  });
  const join = () => socket.emit('stream:join', { streamId }, () => undefined);
  join();
  socket.on('hello', join); // after a reconnect
  const beat = setInterval(() => socket.emit('stream:heartbeat', { streamId }), 10_000);
  return () => {
    clearInterval(beat);
    socket.disconnect();
  };
}

type Policy = 'all' | 'relay';

interface Globals {
  SouqJanus: typeof import('../../apps/web/src/features/streams/video/janus.js');
  host?: { stop(): void };
  viewer?: { stop(): void; retry(): void };
  states: string[];
  liveAfterMs?: number;
}

/** The host publishes the fake camera; resolves once Janus has answered the offer. */
export async function hostPublishes(page: Page, streamId: string, policy: Policy = 'all'): Promise<void> {
  await page.evaluate(
    async ({ streamId, policy }) => {
      const w = window as unknown as Globals;
      const join = await (await fetch(`/api/streams/${streamId}/video`)).json();
      if (join.mode !== 'janus' || join.role !== 'publisher')
        throw new Error(`expected to publish, got ${JSON.stringify(join)}`);
      const media = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 360 }, audio: true });
      const host = w.SouqJanus.createJanusHostVideo({ streamId, join }, { iceTransportPolicy: policy });
      await host.start(media);
      w.host = host;
    },
    { streamId, policy },
  );
}

/** A viewer starts watching into a muted <video>; its states and the time to 'live' are kept on `window`. */
export async function viewerWatches(page: Page, streamId: string, policy: Policy = 'all'): Promise<void> {
  await page.evaluate(
    async ({ streamId, policy }) => {
      const w = window as unknown as Globals;
      const started = performance.now();
      const join = await (await fetch(`/api/streams/${streamId}/video`)).json();
      if (join.mode !== 'janus' || join.role !== 'subscriber')
        throw new Error(`expected to watch, got ${JSON.stringify(join)}`);
      const video = document.createElement('video');
      video.muted = true;
      video.autoplay = true;
      video.playsInline = true;
      document.body.append(video);
      w.states = [];
      const viewer = w.SouqJanus.createJanusViewerVideo({ streamId, join }, { iceTransportPolicy: policy });
      viewer.onState((state) => {
        w.states.push(state);
        if (state === 'live' && w.liveAfterMs === undefined) w.liveAfterMs = performance.now() - started;
      });
      viewer.start(video);
      w.viewer = viewer;
    },
    { streamId, policy },
  );
}

/** Resolves with the milliseconds from asking to watch to the first decoded frame. */
export async function firstFrame(page: Page, timeoutMs = 30_000): Promise<number> {
  await page.waitForFunction(() => (window as unknown as Globals).liveAfterMs !== undefined, undefined, {
    timeout: timeoutMs,
    polling: 50,
  });
  return page.evaluate(() => (window as unknown as Globals).liveAfterMs!);
}

export const viewerStates = (page: Page) => page.evaluate(() => (window as unknown as Globals).states);

/** What the <video> shows: frames decoded so far and its playback time. */
export const playback = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video')!;
    return {
      frames: video.getVideoPlaybackQuality().totalVideoFrames,
      time: video.currentTime,
      width: video.videoWidth,
    };
  });

/** The local candidate types of the pairs carrying media in this page ('host', 'srflx', 'relay'). */
export const selectedCandidateTypes = (page: Page) =>
  page.evaluate(async () => {
    const types: string[] = [];
    for (const pc of (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections) {
      if (pc.connectionState !== 'connected') continue;
      const stats = await pc.getStats();
      const byId = new Map<
        string,
        { type: string; state?: string; nominated?: boolean; localCandidateId?: string; candidateType?: string }
      >();
      stats.forEach((s: { id: string; type: string }) => byId.set(s.id, s));
      for (const s of byId.values()) {
        if (s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated)
          types.push(byId.get(s.localCandidateId!)?.candidateType ?? '?');
      }
    }
    return types;
  });
