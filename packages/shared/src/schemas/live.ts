import { z } from 'zod';
import { CHAT_MAX, STREAM_DURATION_DEFAULT_MIN, STREAM_DURATION_MAX, STREAM_DURATION_MIN } from '../live.js';
import { MSG } from '../messages.js';
import { MAX_FILS } from './catalog.js';
import { idString, plainText } from '../text.js';
import { typedNumber } from '../validation.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Host start: a title, the bidding duration, and the product on sale with its starting bid. */
export const StartStreamSchema = z.object({
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
  productId: idString(MSG.streamChooseProduct),
  startingBid: typedNumber(
    z
      .number({ error: MSG.startingBidPositive })
      .int(MSG.startingBidPositive)
      .positive(MSG.startingBidPositive)
      .max(MAX_FILS, MSG.priceTooLarge),
  ),
});
export type StartStreamInput = z.output<typeof StartStreamSchema>;

/** A chat line: trimmed, not empty, at most 500 characters. */
export const ChatTextSchema = plainText({ required: MSG.chatEmpty, max: [CHAT_MAX, MSG.chatTooLong] });
