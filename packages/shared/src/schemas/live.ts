import { z } from 'zod';
import { CLOSING_STYLES, type ClosingStyle } from '../auctions.js';
import {
  CHAT_MAX,
  FLASH_SECONDS_MAX,
  FLASH_SECONDS_MIN,
  LOT_SECONDS_DEFAULT,
  LOT_SECONDS_MAX,
  LOT_SECONDS_MIN,
  MUTED_WORD_MAX_CHARS,
  MUTED_WORDS_MAX,
  PIN_STOCK_MAX,
  REHEARSAL_PACES,
  RUN_SHEET_MAX,
  type RehearsalPace,
  STREAM_DURATION_DEFAULT_MIN,
  STREAM_DURATION_MAX,
  STREAM_DURATION_MIN,
} from '../live.js';
import { MSG } from '../messages.js';
import { MAX_FILS } from './catalog.js';
import { idString, plainText } from '../text.js';
import { typedNumber } from '../validation.js';
import { blankToUndefined } from './blank.js';

const startingBid = typedNumber(
  z
    .number({ error: MSG.startingBidPositive })
    .int(MSG.startingBidPositive)
    .positive(MSG.startingBidPositive)
    .max(MAX_FILS, MSG.priceTooLarge),
);

/** A lot's terms: its starting bid (fils), its timer (10 s to 10 min) and how it closes. */
export const LotTermsSchema = z.object({
  startingBid,
  seconds: z.preprocess(
    blankToUndefined,
    typedNumber(
      z
        .number({ error: MSG.lotSecondsRange })
        .int(MSG.lotSecondsRange)
        .min(LOT_SECONDS_MIN, MSG.lotSecondsRange)
        .max(LOT_SECONDS_MAX, MSG.lotSecondsRange),
    ).default(LOT_SECONDS_DEFAULT),
  ),
  closingStyle: z
    .enum(Object.keys(CLOSING_STYLES) as [ClosingStyle, ...ClosingStyle[]], { error: MSG.chooseClosingStyle })
    .default('sudden'),
});
export type LotTermsInput = z.output<typeof LotTermsSchema>;

/** A lot on the run sheet: one of the host's own products, with its terms. */
export const NewLotSchema = LotTermsSchema.extend({ productId: idString(MSG.streamChooseProduct) });
export type NewLotInput = z.output<typeof NewLotSchema>;

/** The run sheet a form sends as one text field (JSON), since the form is multipart for its cover. */
const RunSheetField = z.preprocess(
  (value) => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(NewLotSchema, { error: MSG.runSheetInvalid }).max(RUN_SHEET_MAX, MSG.runSheetTooLong).optional(),
);

/**
 * Host start, now or later: a title, the show's length, an optional start time (a scheduled
 * show), and the run sheet. The single-product form still works: `productId` and `startingBid`
 * make a run sheet of one lot, which starts at once.
 */
export const StartStreamSchema = z
  .object({
    title: plainText({ required: MSG.streamTitleRequired, max: [120, MSG.titleTooLong] }),
    durationMinutes: z.preprocess(
      blankToUndefined,
      typedNumber(
        z
          .number({ error: MSG.streamDurationRange })
          .int(MSG.streamDurationRange)
          .min(STREAM_DURATION_MIN, MSG.streamDurationRange)
          .max(STREAM_DURATION_MAX, MSG.streamDurationRange),
      ).default(STREAM_DURATION_DEFAULT_MIN),
    ),
    productId: z.preprocess(blankToUndefined, idString(MSG.streamChooseProduct).optional()),
    startingBid: z.preprocess(blankToUndefined, startingBid.optional()),
    /** The lot's timer when `productId` is given (a one-lot show); the show's length otherwise. */
    lots: RunSheetField,
    /** A rehearsal (issue 47): a private show, bid on by simulated bidders at this pace. */
    rehearsalPace: z.preprocess(
      blankToUndefined,
      z
        .enum(Object.keys(REHEARSAL_PACES) as [RehearsalPace, ...RehearsalPace[]], { error: MSG.rehearsalPaceInvalid })
        .optional(),
    ),
    /** A later start (ISO-8601 with its offset): the show is announced, not live. */
    scheduledFor: z.preprocess(
      blankToUndefined,
      z.iso.datetime({ offset: true, error: MSG.chooseShowTime }).optional(),
    ),
  })
  .refine((v) => (v.productId === undefined) === (v.startingBid === undefined), {
    message: MSG.startingBidPositive,
    path: ['startingBid'],
  })
  .refine((v) => v.productId !== undefined || (v.lots?.length ?? 0) > 0, {
    message: MSG.streamChooseProduct,
    path: ['productId'],
  })
  .refine((v) => v.rehearsalPace === undefined || v.scheduledFor === undefined, {
    message: MSG.rehearsalNotScheduled,
    path: ['scheduledFor'],
  });
export type StartStreamInput = z.output<typeof StartStreamSchema>;

/** A chat line: trimmed, not empty, at most 500 characters. */
export const ChatTextSchema = plainText({ required: MSG.chatEmpty, max: [CHAT_MAX, MSG.chatTooLong] });

/** The run sheet's new order: every waiting or passed lot's id, each once. */
export const ReorderLotsSchema = z.object({
  lotIds: z.array(idString(MSG.notFound)).min(1, MSG.runSheetInvalid).max(RUN_SHEET_MAX, MSG.runSheetTooLong),
});

/** A pre-bid: the most the server may bid for this viewer when the lot runs (fils). */
export const PrebidSchema = z.object({
  maxAmount: z
    .number({ error: MSG.maxBidInvalid })
    .int(MSG.maxBidInvalid)
    .positive(MSG.maxBidInvalid)
    .max(MAX_FILS, MSG.priceTooLarge),
});

/**
 * Buy It Now: one of the host's products pinned at a fixed price, with how many units are for
 * sale. With `flashSeconds` it is a flash sale (issue 47): the price, below the shop's, holds for
 * 10–300 s on the server's clock, at most `perBuyer` units each (1 unless the host says).
 */
export const PinSchema = z
  .object({
    productId: idString(MSG.streamChooseProduct),
    price: z
      .number({ error: MSG.pricePositive })
      .int(MSG.pricePositive)
      .positive(MSG.pricePositive)
      .max(MAX_FILS, MSG.priceTooLarge),
    stock: z
      .number({ error: MSG.pinStockRange })
      .int(MSG.pinStockRange)
      .min(1, MSG.pinStockRange)
      .max(PIN_STOCK_MAX, MSG.pinStockRange)
      .default(1),
    flashSeconds: typedNumber(
      z
        .number({ error: MSG.flashSecondsRange })
        .int(MSG.flashSecondsRange)
        .min(FLASH_SECONDS_MIN, MSG.flashSecondsRange)
        .max(FLASH_SECONDS_MAX, MSG.flashSecondsRange),
    ).optional(),
    perBuyer: typedNumber(
      z
        .number({ error: MSG.flashPerBuyerRange })
        .int(MSG.flashPerBuyerRange)
        .min(1, MSG.flashPerBuyerRange)
        .max(PIN_STOCK_MAX, MSG.flashPerBuyerRange),
    ).optional(),
  })
  .refine((pin) => pin.perBuyer === undefined || (pin.flashSeconds !== undefined && pin.perBuyer <= pin.stock), {
    message: MSG.flashPerBuyerRange,
    path: ['perBuyer'],
  });
export type PinInput = z.output<typeof PinSchema>;

/** The host's muted words: each trimmed, 1–40 characters, at most 50. */
export const MutedWordsSchema = z.object({
  words: z
    .array(plainText({ required: MSG.mutedWordInvalid, max: [MUTED_WORD_MAX_CHARS, MSG.mutedWordInvalid] }))
    .max(MUTED_WORDS_MAX, MSG.mutedWordsTooMany),
});

/** A moderator, named by username. */
export const ModeratorSchema = z.object({
  username: plainText({ required: MSG.usernameRequired, max: [60, MSG.userNotFound] }),
});
