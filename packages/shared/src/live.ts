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

/** A show announced for later is 'scheduled' until its host goes live (issue 30). */
export type StreamStatus = 'scheduled' | 'live' | 'ended';
export type StreamEndReason = 'host' | 'timer' | 'abandoned';

// Shows (issue 30): a stream runs a run sheet of lots, each a short auction of its own.

/** A lot's timer, in seconds: 10 s to 10 min, 30 s unless the host says otherwise. */
export const LOT_SECONDS_MIN = 10;
export const LOT_SECONDS_MAX = 600;
export const LOT_SECONDS_DEFAULT = 30;
/** Soft close on a lot: a bid in its last 10 s puts 10 s back on the clock. */
export const LOT_SOFT_CLOSE_MS = 10_000;
/** The most lots one show's run sheet holds, and the most products pinned for Buy It Now. */
export const RUN_SHEET_MAX = 100;
export const PINS_MAX = 20;
/** Units one pinned product may offer. */
export const PIN_STOCK_MAX = 999;
/** A flash sale's countdown, in seconds (issue 47). */
export const FLASH_SECONDS_MIN = 10;
export const FLASH_SECONDS_MAX = 300;
/** A giveaway's timer, in seconds, and the most its winner may be asked to pay for delivery (fils). */
export const GIVEAWAY_SECONDS_MIN = 15;
export const GIVEAWAY_SECONDS_MAX = 600;
export const GIVEAWAY_FEE_MAX = 10_000;
/**
 * A show's replay (issue 47): the host's browser sends its recording in pieces of about this long,
 * each at most this large, so a crash keeps what was sent.
 */
export const REPLAY_PIECE_MS = 5_000;
export const REPLAY_PIECE_MAX_BYTES = 16 * 1024 * 1024;
/** The most pieces one show's recording may have (a 12-hour show in 5 s pieces). */
export const REPLAY_PIECES_MAX = 8_640;
/**
 * A rehearsal's simulated bidders (issue 47): how often, on average, one of them bids on the
 * running lot, by the pace the host chose.
 */
export const REHEARSAL_PACES = { calm: 4_000, lively: 2_000, frenzy: 700 } as const;
export type RehearsalPace = keyof typeof REHEARSAL_PACES;
export const REHEARSAL_BIDDERS = 6;
export const GIVEAWAY_ELIGIBILITIES = ['everyone', 'followers', 'buyers'] as const;
export type GiveawayEligibility = (typeof GIVEAWAY_ELIGIBILITIES)[number];
/** A moderator's mute lasts this long. */
export const MUTE_MS = 5 * 60_000;
/** The host's muted words: at most this many, each at most this long. */
export const MUTED_WORDS_MAX = 50;
export const MUTED_WORD_MAX_CHARS = 40;
/** A host names at most this many moderators. */
export const MODERATORS_MAX = 20;
/** A sale's clip: about the last 20 s before the hammer, at most this large. */
export const CLIP_SECONDS = 20;
export const CLIP_MAX_BYTES = 25 * 1024 * 1024;
/** A show may be scheduled up to this far ahead. */
export const SCHEDULE_MAX_MS = 60 * 86_400_000;

/** Where a lot is: waiting on the run sheet, running, sold, or passed (nobody bid; it can run again). */
export type LotStatus = 'waiting' | 'running' | 'sold' | 'passed';
export const LOT_STATUSES = ['waiting', 'running', 'sold', 'passed'] as const satisfies readonly LotStatus[];

/**
 * Whether a chat line holds a muted word, matched on whole words regardless of case and of the
 * digit set, so a muted word cannot be slipped past by writing it in capitals.
 */
export function hasMutedWord(text: string, mutedWords: readonly string[]): boolean {
  if (!mutedWords.length) return false;
  const words = new Set(
    westernDigits(text.normalize('NFC'))
      .toLocaleLowerCase('en')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  return mutedWords.some((muted) => {
    const parts = muted
      .toLocaleLowerCase('en')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    return parts.length > 0 && parts.every((part) => words.has(part));
  });
}
