import { call } from './client';
import { API } from './contract';

/**
 * The server is the clock (docs/architecture.md, "The server is the clock"). The browser learns how far its own clock is from
 * the server's and counts down against the server's, so a phone whose clock is minutes off still
 * shows when an auction really ends.
 */
interface Sample {
  offset: number;
  roundTrip: number;
  takenAt: number;
}

/** A sample this old yields to any newer one: the device clock may have been changed since. */
const STALE_MS = 10 * 60_000;

let best: Sample | null = null;
let syncing: Promise<void> | null = null;

/**
 * serverTime was read somewhere between sending the request and receiving the answer; the
 * midpoint is the best guess of when, so the offset is serverTime − midpoint.
 */
export function measureOffset(serverTime: string, sentAt: number, receivedAt: number): number | null {
  const server = Date.parse(serverTime);
  if (!Number.isFinite(server) || receivedAt < sentAt) return null;
  return server - (sentAt + receivedAt) / 2;
}

/** Records one reading of the server's clock; the one with the shortest round trip is the most exact. */
export function noteServerTime(serverTime: string, sentAt: number, receivedAt: number): void {
  const offset = measureOffset(serverTime, sentAt, receivedAt);
  if (offset === null) return;
  const sample = { offset, roundTrip: receivedAt - sentAt, takenAt: receivedAt };
  if (!best || sample.roundTrip <= best.roundTrip || receivedAt - best.takenAt > STALE_MS) best = sample;
}

/** The server's time now, in ms since the epoch (the device's own until the first reading). */
export function serverNow(): number {
  return Date.now() + (best?.offset ?? 0);
}

export const hasServerTime = () => best !== null;

/** Fetches GET /api/time and times the round trip; a fetch already under way is shared. */
export function syncServerClock(): Promise<void> {
  syncing ??= (async () => {
    const sentAt = Date.now();
    try {
      const { serverTime } = await call(API.auctions.time);
      noteServerTime(serverTime, sentAt, Date.now());
    } catch {
      // Counting down on the device's clock is the fallback; the next reading corrects it.
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

/** Any JSON read that carries serverTime, timed like /api/time and noted. */
export async function timedRead<T extends { serverTime: string }>(read: () => Promise<T>): Promise<T> {
  const sentAt = Date.now();
  const result = await read();
  noteServerTime(result.serverTime, sentAt, Date.now());
  return result;
}

/** For tests: forget every reading. */
export function resetServerClock(): void {
  best = null;
}
