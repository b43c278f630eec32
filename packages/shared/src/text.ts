import { z } from 'zod';
import { westernDigits } from './live.js';
import { MSG } from './messages.js';

/**
 * The rules every piece of text a person sends goes through before it is stored
 * (docs/decisions/0008-hostile-input.md). They run in the browser for instant feedback and on
 * the server as the rule, so both databases see the same, already-clean text:
 *
 * 1. NFC-normalised, so "é" typed two ways is one string (and its length is known before storing);
 * 2. line breaks made "\n" (a browser's multipart form sends a textarea's breaks as "\r\n");
 * 3. trimmed;
 * 4. no control characters: C0 and C1 (PostgreSQL refuses NUL outright, and none of them is
 *    text a person means), except tab and newline in multi-line fields; no lone surrogate; no
 *    hidden characters that make text read other than it is (`hasHiddenCharacters`);
 * 5. lengths counted in characters (code points, as PostgreSQL's varchar counts them), after all of the above.
 */

const CONTROL = /\p{Cc}/u;
/** Tab and newline are text in a description or a review; the other controls are not. */
const CONTROL_EXCEPT_TAB_AND_NEWLINE = /(?![\t\n])\p{Cc}/u;
/** In a `u` regex a well-formed pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Directional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder what is
 * shown: a legal name on a tax invoice, a staff reason in the audit log, could read as something
 * its bytes are not ("Trojan Source"). The marks (LRM, RLM, ALM) stay: they only settle where a
 * neutral character such as "." goes in mixed Arabic and English, and reorder nothing else. Zero
 * width space, word joiner and BOM hide inside a word to make look-alikes; so do the joiners
 * (ZWNJ, ZWJ), except where they are writing: ZWNJ between Arabic-script letters (Persian
 * "mi-khaham", one word whose halves must not join), ZWJ beside one (a joining form), and ZWJ between
 * two emoji (woman, ZWJ, laptop: one "technologist").
 */
const ARABIC_BEFORE = String.raw`\p{sc=Arabic}\p{M}*`;
const EMOJI_BEFORE = String.raw`\p{Extended_Pictographic}[\u{FE0F}\p{Emoji_Modifier}]?`;
const HIDDEN = new RegExp(
  [
    String.raw`[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]`,
    String.raw`(?<!${ARABIC_BEFORE})\u200C|\u200C(?!\p{sc=Arabic})`,
    String.raw`(?<!${ARABIC_BEFORE})(?<!${EMOJI_BEFORE})\u200D(?!\p{sc=Arabic})`,
    String.raw`(?<!${ARABIC_BEFORE})\u200D(?![\p{sc=Arabic}\p{Extended_Pictographic}])`,
  ].join('|'),
  'u',
);

/** Characters that make text read other than it is: refused in every text field, like control characters. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/** Characters as a database column counts them: an emoji is one, not two UTF-16 units. */
export function characterCount(text: string): number {
  let n = 0;
  // for…of walks code points without building an array of a megabyte of them.
  for (const _ of text) n++;
  return n;
}

/** Cuts to at most `max` characters without splitting a surrogate pair. */
export function truncateCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  let n = 0;
  for (const ch of text) {
    if (n++ === max) break;
    out += ch;
  }
  return out;
}

/** Control characters, a lone surrogate, or a hidden character (above): nothing a person means to type. */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return (
    (multiline ? CONTROL_EXCEPT_TAB_AND_NEWLINE : CONTROL).test(text) ||
    LONE_SURROGATE.test(text) ||
    hasHiddenCharacters(text)
  );
}

/** The same clean-up the schemas apply, for text that arrives from elsewhere (an OpenID provider's name). */
export function cleanText(text: string, max: number): string {
  return truncateCharacters(
    text
      .normalize('NFC')
      .replace(/\p{Cc}|\p{Cs}/gu, ' ')
      .replace(new RegExp(HIDDEN, 'gu'), '')
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  );
}

const normaliseLineBreaks = (v: string) => v.replace(/\r\n?/g, '\n');

export interface TextRules {
  /** The message for a missing value, a value of the wrong type, or (with `min`) a blank one. */
  required: string;
  /** Fewest characters after trimming, with its message (default: 1 with the `required` message). */
  min?: [number, string];
  /** Most characters after normalising and trimming, with its message. */
  max: [number, string];
  /** Descriptions, reviews and bios keep tabs and line breaks. */
  multiline?: boolean;
  /** The message for control characters, when the field has a better word than the generic one. */
  invalid?: string;
}

/**
 * One line (or, with `multiline`, a block) of plain text: see the rules at the top of this file.
 * The result is still a string schema, so a field may add `.regex()`, `.toLowerCase()`…
 * but lengths must come from here, since `.max()` counts UTF-16 units.
 */
export function plainText(rules: TextRules) {
  const [min, minMessage] = rules.min ?? [1, rules.required];
  const [max, maxMessage] = rules.max;
  let schema = z.string({ error: rules.required }).normalize('NFC');
  if (rules.multiline) schema = schema.overwrite(normaliseLineBreaks);
  schema = schema.trim();
  if (min > 0) schema = schema.min(1, rules.required);
  return schema
    .refine((v) => characterCount(v) >= min, minMessage)
    .refine((v) => !hasControlCharacters(v, rules.multiline), rules.invalid ?? MSG.controlCharacters)
    .refine((v) => characterCount(v) <= max, maxMessage);
}

/**
 * An email address as we store it: NFC, trimmed, lowercased, and at most 254 characters *after*
 * lowercasing ("İ" lowercases to two characters). Anything else is the field's `invalid` message.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX = 254;

export function emailAddress(missing: string, invalid: string) {
  return (
    z
      .string({ error: missing })
      .normalize('NFC')
      .trim()
      .min(1, missing)
      .toLowerCase()
      .refine((v) => !hasControlCharacters(v), invalid)
      .refine((v) => characterCount(v) <= EMAIL_MAX, invalid)
      .regex(EMAIL_PATTERN, invalid)
      // As a client may send it: the address is trimmed before it is checked.
      .meta({ pattern: `^\\s*${EMAIL_PATTERN.source.slice(1, -1)}\\s*$` })
  );
}

/** Decimal digits, optionally with a fractional part: what a person types as a number. */
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

function fromDecimalText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : value;
}

/**
 * A number sent as a JSON number or as decimal text ("12", "0.15"), the two ways our forms send
 * them; `schema` is the `z.number()` with the field's own rules. Unlike `z.coerce.number()` this
 * refuses `true` (1), `[5]` (5), `"0x10"` (16), `"0b11"` (3), `"1e3"` and `""` (0); NaN and
 * ±Infinity ("9" × 400) are refused by `z.number()` itself.
 */
export function decimal<T extends z.ZodNumber>(schema: T) {
  return z.preprocess(fromDecimalText, schema);
}

/** Every id we issue is a UUID (crypto.randomUUID); anything else names nothing. */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

export function idString(message: string) {
  return z.string({ error: message }).regex(ID_PATTERN, message);
}

const INVISIBLE = /\p{Cf}/gu;
const ARABIC_FOLDS: Record<string, string> = {
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0622': '\u0627', // آ
  '\u0671': '\u0627', // ٱ
  '\u0624': '\u0648', // ؤ
  '\u0626': '\u064A', // ئ
  '\u0649': '\u064A', // ى
  '\u06CC': '\u064A', // ی
  '\u0629': '\u0647', // ة
  '\u06A9': '\u0643', // ک
};
const ARABIC_VARIANTS = new RegExp(`[${Object.keys(ARABIC_FOLDS).join('')}]`, 'g');
/** Tatweel, harakat and hamza/madda marks (U+064B–065F), superscript alef, Quranic annotation marks. */
const ARABIC_MARKS = /\u0640|[\u064B-\u065F\u0670\u06D6-\u06ED]/g;

/**
 * Text as search compares it: the stored `search_text` and the query both pass through here, so
 * a match means "the same words as an Arabic or English reader sees them", not the same code points.
 *
 * - NFKC: presentation forms and ligatures (ﻻ, ﷲ, full-width Latin) become the letters they show.
 *   Bids refuse NFKC (ADR 0030) because a folded ① would become an amount; here a stray match is harmless.
 * - Invisible format characters (RLM, ZWJ, ZWNJ, soft hyphen) go: a pasted title is full of them.
 * - Lowercase, as search always was.
 * - Hamza seats fold to the seat: أ إ آ ٱ → ا, ؤ → و, ئ → ي. Phone keyboards put hamza behind a
 *   shift, so Gulf sellers and buyers write شاطي for شاطئ and مسؤول as مسوول as often as not; a
 *   search should not depend on who bothered. Standalone ء stays: dropping it merges more words than it finds.
 * - ى → ي and ة → ه: the dotless and dotted endings are written interchangeably (ساعه, علي/على).
 * - Persian ی and ک → ي and ك: the same letters from a Persian or Urdu keyboard, common in the Gulf.
 * - Tatweel and harakat (diacritics, Quranic marks) go: they decorate a word without changing it.
 * - Arabic-Indic and Persian digits become 0-9 (the chat bids' `westernDigits`).
 * - Runs of whitespace become one space, trimmed (the stored text keeps its fields on separate lines).
 *
 * Plain Latin text is only lowercased (and its spaces collapsed), so English searches find what they did.
 * Migration 2026-11-27-207 keeps a frozen copy of this: change one, add a migration for the other.
 */
export function foldForSearch(text: string): string {
  const folded = text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(ARABIC_VARIANTS, (c) => ARABIC_FOLDS[c]!)
    .replace(ARABIC_MARKS, '');
  return westernDigits(folded).replace(/\s+/g, ' ').trim();
}
