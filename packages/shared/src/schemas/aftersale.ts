import { z } from 'zod';
import { MSG } from '../messages.js';
import { decimal, plainText } from '../text.js';
import { blankToUndefined } from './blank.js';

/** After a sale (issue 31): what a buyer says of a seller, and the problems a delivered line may have. */
export const RATING_COMMENT_MAX = 500;
export const PROBLEM_TEXT_MAX = 1000;
export const PROBLEM_PHOTOS_MAX = 4;
/** How long after delivery a buyer may open a problem. */
export const PROBLEM_WINDOW_DAYS = 7;

export const PROBLEM_KINDS = ['not_received', 'not_as_described'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
export const ANSWER_KINDS = ['refund', 'return', 'reply'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
/** open → answered → escalated → decided; open → escalated when the seller lets the answer time pass. */
export const PROBLEM_STATUSES = ['open', 'answered', 'escalated', 'decided'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];
export const DECISIONS = ['buyer', 'seller'] as const;
export type Decision = (typeof DECISIONS)[number];

const optionalText = (max: number, message: string) =>
  z
    .preprocess(
      blankToUndefined,
      plainText({ required: message, min: [0, message], max: [max, message], multiline: true }).optional(),
    )
    .transform((v) => (v ? v : null));

/** The buyer rates the seller of one delivered line's part of the order. */
export const RateSellerSchema = z.object({
  stars: decimal(
    z.number({ error: MSG.ratingRange }).int(MSG.ratingRange).min(1, MSG.ratingRange).max(5, MSG.ratingRange),
  ),
  comment: optionalText(RATING_COMMENT_MAX, MSG.ratingCommentTooLong),
});
export type RateSellerInput = z.output<typeof RateSellerSchema>;

export const RatingReplySchema = z.object({
  text: plainText({ required: MSG.replyBlank, max: [RATING_COMMENT_MAX, MSG.replyTooLong], multiline: true }),
});
export type RatingReplyInput = z.output<typeof RatingReplySchema>;

/** The problem form's fields (multipart: its photos come as files). */
export const OpenProblemSchema = z.object({
  kind: z.enum(PROBLEM_KINDS, { error: MSG.problemKind }),
  text: plainText({ required: MSG.problemTextBlank, max: [PROBLEM_TEXT_MAX, MSG.problemTextTooLong], multiline: true }),
});
export type OpenProblemInput = z.output<typeof OpenProblemSchema>;

export const AnswerProblemSchema = z.object({
  kind: z.enum(ANSWER_KINDS, { error: MSG.answerKind }),
  text: plainText({ required: MSG.problemTextBlank, max: [PROBLEM_TEXT_MAX, MSG.problemTextTooLong], multiline: true }),
});
export type AnswerProblemInput = z.output<typeof AnswerProblemSchema>;

/** Why the buyer is not satisfied: optional words for staff. */
export const EscalateProblemSchema = z.object({ text: optionalText(PROBLEM_TEXT_MAX, MSG.problemTextTooLong) });
export type EscalateProblemInput = z.output<typeof EscalateProblemSchema>;

export const DecideProblemSchema = z.object({
  decision: z.enum(DECISIONS, { error: MSG.decisionRequired }),
  reason: plainText({ required: MSG.reasonRequired, max: [PROBLEM_TEXT_MAX, MSG.problemTextTooLong], multiline: true }),
});
export type DecideProblemInput = z.output<typeof DecideProblemSchema>;
