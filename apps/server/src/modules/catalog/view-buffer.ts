import type { Clock } from '../../lib/clock.js';

/** One counted look: this viewer on this product on this Gulf day, and whose product it is. */
export interface PendingView {
  productId: string;
  ownerId: string;
  day: string;
  viewer: string;
}

/** Written at least this often while views arrive (ADR 0044: what a crash can lose). */
export const VIEW_FLUSH_MS = 1_000;
/** ... and at once when this many wait, so a burst is still one statement of bounded size. */
export const VIEW_FLUSH_AT = 500;

/**
 * Views gathered in memory and written in batches (issue 43): a product page's look costs no write
 * on its own, and the database's data version (which every kept answer is checked against) moves
 * once a second at most, not on every look. The same viewer twice in a batch is one entry; the
 * batch's writes dedup against what is already stored.
 */
export function createViewBuffer(clock: Clock, write: (views: PendingView[]) => Promise<void>) {
  let pending = new Map<string, PendingView>();
  let cancelTimer: (() => void) | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    cancelTimer?.();
    cancelTimer = undefined;
    if (pending.size === 0) return writing;
    const batch = [...pending.values()];
    pending = new Map();
    // One batch at a time, in order: a batch waits for the one before (its marks may dedup it).
    writing = writing.then(() => write(batch));
    return writing;
  }

  return {
    add(view: PendingView): void {
      pending.set(`${view.productId} ${view.day} ${view.viewer}`, view);
      if (pending.size >= VIEW_FLUSH_AT) void flush();
      else cancelTimer ??= clock.setTimer(() => void flush(), VIEW_FLUSH_MS);
    },
    /** Writes what waits now; resolves once it (and every batch before it) is stored. */
    flush,
  };
}
