import type { FeedItemRef } from '@souq/shared';

/** The server takes at most this many opens in one request (FeedEventsSchema). */
const OPENS_BATCH_MAX = 50;
const OPENS_FLUSH_MS = 5000;

export interface OpensBatcher {
  /** Notes that this item was shown; each item once per batcher. */
  add(ref: FeedItemRef): void;
  /** Sends what is queued now; `leaving` when the page is going away (the request must outlive it). */
  flush(leaving?: boolean): void;
  stop(): void;
}

/**
 * Opens are a cheap signal: the browser queues them and sends them in batches, every few
 * seconds and when the page is hidden or left (keepalive, so the request outlives the page).
 */
export function createOpensBatcher(
  send: (refs: FeedItemRef[], leaving: boolean) => void,
  { intervalMs = OPENS_FLUSH_MS } = {},
): OpensBatcher {
  const seen = new Set<string>();
  let queue: FeedItemRef[] = [];
  const flush = (leaving = false) => {
    while (queue.length > 0) {
      const batch = queue.slice(0, OPENS_BATCH_MAX);
      queue = queue.slice(OPENS_BATCH_MAX);
      send(batch, leaving);
    }
  };
  const timer = setInterval(() => flush(), intervalMs);
  return {
    add(ref) {
      const key = `${ref.kind}:${ref.id}`;
      if (seen.has(key)) return;
      seen.add(key);
      queue.push(ref);
      if (queue.length >= OPENS_BATCH_MAX) flush();
    },
    flush,
    stop() {
      clearInterval(timer);
      flush(true);
    },
  };
}
