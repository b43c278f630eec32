/** One MediaRecorder of the rolling window, as the choice of a clip sees it. */
export interface SegmentAge {
  startedAt: number;
}

/**
 * Which running segment becomes the clip: the oldest that has at least `minMs` recorded (the one
 * closest to the last ~20 s), or, when none has that much yet (a lot sold within seconds of going
 * live), the longest there is. Segments are in the order they started, oldest first.
 */
export function pickSegment<T extends SegmentAge>(segments: readonly T[], now: number, minMs: number): T | null {
  const longEnough = segments.find((s) => now - s.startedAt >= minMs);
  if (longEnough) return longEnough;
  let longest: T | null = null;
  for (const s of segments) if (!longest || s.startedAt < longest.startedAt) longest = s;
  return longest;
}
