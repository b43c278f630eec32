import type { DomainEvent } from '../lib/events.js';
import type { RealtimeOut, SocketParts } from './types.js';

/**
 * An event handed to each part's `onEvent` at once: the promises of the parts still reading (a
 * part that threw, as a rejected one), one part's failure not keeping the event from the others.
 * Every bid's events pass here, most of them of no interest to most parts: a part that forwards at
 * once (or not at all) costs no promise (issue 28: the bid route's CPU).
 */
export function forwardEvent(
  parts: readonly SocketParts[],
  event: DomainEvent,
  out: RealtimeOut,
): Array<Promise<void>> {
  const reading: Array<Promise<void>> = [];
  for (const part of parts) {
    try {
      const result = part.onEvent?.(event, out);
      if (result) reading.push(result);
    } catch (error) {
      reading.push(Promise.reject(error));
    }
  }
  return reading;
}
