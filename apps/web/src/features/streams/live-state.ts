import type { ChatMessage, GiveawayCard, Lot, PinCard, StreamCard, StreamDetail, StreamLive } from '@souq/shared';

/** Pure state steps for the live screens: the socket's news applied to what the page shows. */

/** The most chat lines a page keeps (the server sends the last 100 to late joiners). */
export const CHAT_KEEP = 200;

/**
 * A stream's news, unless it is older than what the page has: each event carries the whole live
 * state with the lot on screen's sequence number, and the end outranks everything. A different
 * lot on screen starts its own count, so its news replaces the old lot's whatever the numbers.
 */
export function applyStreamLive<T extends StreamLive>(current: T, live: StreamLive): T {
  if (current.id !== live.id) return current;
  if (current.status === 'ended' && live.status !== 'ended') return current;
  const newLot = live.lot !== null && live.lot.id !== current.lot?.id;
  if (!newLot && live.status === current.status && live.seq < current.seq) return current;
  return { ...current, ...live };
}

/**
 * News that skipped some of the lot's numbers: something was missed (a bid's chat line, the lot's
 * own update), so the page reads the stream again. A new lot, or the end, is never a gap.
 */
export function missedNews(current: StreamLive, live: StreamLive): boolean {
  if (current.id !== live.id || live.status !== current.status) return false;
  if ((live.lot?.id ?? null) !== (current.lot?.id ?? null)) return false;
  return live.seq > current.seq + 1;
}

/** The run sheet, replaced whole ('show:lots'); the lot on screen takes its row's news when that is newer. */
export function applyLots<T extends Pick<StreamDetail, 'lots' | 'lot'>>(current: T, lots: Lot[]): T {
  const onScreen = current.lot && lots.find((l) => l.id === current.lot!.id);
  const lot = onScreen && onScreen.seq >= current.lot!.seq ? onScreen : current.lot;
  return { ...current, lots, lot };
}

/** Buy It Now, replaced whole ('show:pins'). */
export const applyPins = <T extends Pick<StreamDetail, 'pins'>>(current: T, pins: PinCard[]): T => ({
  ...current,
  pins,
});

/**
 * One pin as this viewer's purchase answer saw it. That answer can land after 'show:pins' told of a
 * later sale; sales only add up, so the higher count stands (else the last unit never shows Sold out).
 */
export const applyBoughtPin = <T extends Pick<StreamDetail, 'pins'>>(current: T, pin: PinCard): T => ({
  ...current,
  pins: current.pins.map((p) => (p.id === pin.id ? { ...pin, sold: Math.max(p.sold, pin.sold) } : p)),
});

/** The show's giveaway, replaced whole ('show:giveaway'); a new one starts with this viewer not yet in it. */
export const applyGiveaway = <T extends Pick<StreamDetail, 'giveaway' | 'giveawayEntered'>>(
  current: T,
  giveaway: GiveawayCard,
): T => ({
  ...current,
  giveaway,
  giveawayEntered: current.giveaway?.id === giveaway.id && current.giveawayEntered,
});

/** The lots still to come, in run-sheet order (the running one is on screen, not "coming up"). */
export const comingUp = (lots: readonly Lot[], count = 3): Lot[] =>
  lots
    .filter((l) => l.status === 'waiting')
    .sort((a, b) => a.position - b.position)
    .slice(0, count);

/** Whether a mute is still on at `now` (the server's clock). */
export const isMuted = (until: string | null, now: number): boolean => until !== null && Date.parse(until) > now;

/** New chat lines after the ones the page has, each once, oldest first, at most CHAT_KEEP. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set(current.map((m) => m.id));
  const added = incoming.filter((m) => !seen.has(m.id) && (seen.add(m.id), true));
  if (added.length === 0) return current as ChatMessage[];
  const all = [...current, ...added].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  return all.length > CHAT_KEEP ? all.slice(all.length - CHAT_KEEP) : all;
}

export const withoutMessage = (current: readonly ChatMessage[], id: string): ChatMessage[] =>
  current.some((m) => m.id === id) ? current.filter((m) => m.id !== id) : (current as ChatMessage[]);

const pad = (n: number) => String(n).padStart(2, '0');

/** The viewer's countdown: MM:SS, minutes past 59 kept whole ("75:00"). */
export function formatMMSS(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** The host's and the list's countdown, 'Xm Ys' once put in words (TimeLeft): whole minutes and the seconds left over. */
export function minSec(seconds: number): { minutes: number; seconds: number } {
  const s = Math.max(0, seconds);
  return { minutes: Math.floor(s / 60), seconds: s % 60 };
}

const STATUS_ORDER: Record<StreamCard['status'], number> = { live: 0, scheduled: 1, ended: 2 };

/** Live before ended, newest first (the server's order; kept when cards change status live). */
export function sortCards(cards: readonly StreamCard[]): StreamCard[] {
  return [...cards].sort((a, b) =>
    a.status === b.status
      ? a.startedAt < b.startedAt
        ? 1
        : a.startedAt > b.startedAt
          ? -1
          : 0
      : STATUS_ORDER[a.status] - STATUS_ORDER[b.status],
  );
}

/** Upcoming shows, soonest first; the list's live and ended ones are shown apart. */
export function sortUpcoming(cards: readonly StreamCard[]): StreamCard[] {
  const at = (c: StreamCard) => c.scheduledFor ?? c.startedAt;
  return cards.filter((c) => c.status === 'scheduled').sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
}

/** The person was leading and someone else now is: the outbid chime's moment. */
export function wasOutbid(
  before: StreamLive['highestBid'],
  after: StreamLive['highestBid'],
  me: string | null,
): boolean {
  return me !== null && before?.user.id === me && after !== null && after.user.id !== me;
}
