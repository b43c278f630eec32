/**
 * Live video auctions: the rules both sides need. A chat message that is only a number is a bid
 * (all digits, nothing else, counts as a bid); Gulf viewers type Western (150),
 * Arabic-Indic (١٥٠) or Eastern Arabic-Indic (۱۵۰) digits, sometimes with AED or د.إ and
 * thousands separators, and all of these mean the same bid.
 */

import { westernDigits } from './numbers.js';

export const CHAT_MAX = 500;
/** Late joiners see this many recent messages. */
export const CHAT_HISTORY = 100;
export const STREAM_COVER_MAX_BYTES = 5_242_880;
export const STREAM_DURATION_DEFAULT_MIN = 5;
export const STREAM_DURATION_MIN = 1;
export const STREAM_DURATION_MAX = 120;
/** A host who drops (a reload, a tunnel) has this long to come back before the stream ends. */
export const HOST_GRACE_MS = 30_000;
/** The host page reports in this often while it is open. */
export const HOST_HEARTBEAT_MS = 5_000;
export const STREAM_REDIRECT_MS = 3_000;
export const VIEWER_RECONNECT_ATTEMPTS = 3;
export const TEST_PREVIEW_MS = 5_000;

/** ١٥٠ and ۱۵۰ become 150: the one digit folding, kept with the other number readers (numbers.ts). */
export { westernDigits };

/** The most digits an amount may have before it is plainly not a price (a pasted phone number). */
const MAX_DIGITS = 12;

/**
 * The bid a chat message makes, in fils, or null when the message is not only a number.
 * "150", "١٥٠", "۱۵۰", "AED 1,500", "1٬500 د.إ", "150.50" are bids; "150 please", "-5" and "1,5"
 * are chat. A number too long to be a price comes back as Infinity, so the bid is refused, not chatted.
 */
export function parseChatBid(message: string): number | null {
  // NFC, not NFKC: compatibility folding would make ①⑤⓪, ¹⁵⁰, 𝟏𝟓𝟎 and full-width digits bids,
  // and nobody typing those means one (ADR 0030). Only the three named digit sets bid.
  let text = westernDigits(message.normalize('NFC')).trim();
  text = text
    .replace(/^(?:aed|د\.?\s?إ)\s*/iu, '')
    .replace(/\s*(?:aed|د\.?\s?إ)$/iu, '')
    .trim();
  // Thousands in groups of three (1,500 or 1٬500), an optional decimal part (150.5, 150٫50).
  const match = /^(\d{1,3}(?:[,\u066C]\d{3})+|\d+)(?:[.\u066B](\d{1,2}))?$/u.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/[,\u066C]/g, '');
  if (whole.replace(/^0+/, '').length > MAX_DIGITS) return Number.POSITIVE_INFINITY;
  return Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export type StreamStatus = 'live' | 'ended';
export type StreamEndReason = 'host' | 'timer' | 'abandoned';
