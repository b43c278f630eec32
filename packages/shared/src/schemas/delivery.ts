import { z } from 'zod';
import { Fils, Timestamp, Whole } from '../api/scalars.js';
import { MSG } from '../messages.js';
import { plainText } from '../text.js';
import { AddressSchema } from './addresses.js';
import { blankToUndefined } from './blank.js';

/** What a courier's visit came to (issue 46). */
export const DELIVERY_OUTCOMES = ['delivered', 'not_reachable', 'refused', 'wrong_address'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
export const FAILED_OUTCOMES: readonly DeliveryOutcome[] = ['not_reachable', 'refused', 'wrong_address'];

/** After this many failed attempts the seller may cancel the line as "Delivery failed". */
export const FAILED_ATTEMPTS_TO_CANCEL = 2;
/** A refusal the buyer does not dispute within this long counts against their cash on delivery. */
export const REFUSAL_DISPUTE_MS = 48 * 3_600_000;
/** Refusals older than this no longer count. */
export const REFUSAL_WINDOW_MS = 90 * 86_400_000;

/** The seller records a delivery attempt; a refusal names the reason the buyer gave at the door. */
export const DeliveryAttemptSchema = z
  .object(
    {
      outcome: z.enum(DELIVERY_OUTCOMES, { error: MSG.chooseDeliveryOutcome }),
      reason: z
        .preprocess(
          blankToUndefined,
          plainText({
            required: MSG.refusalReasonRequired,
            min: [0, MSG.refusalReasonRequired],
            max: [300, MSG.attemptReasonTooLong],
          }).optional(),
        )
        .transform((v) => v ?? ''),
    },
    { error: MSG.chooseDeliveryOutcome },
  )
  .refine((a) => a.outcome !== 'refused' || a.reason.length >= 3, {
    message: MSG.refusalReasonRequired,
    path: ['reason'],
  });
export type DeliveryAttemptInput = z.output<typeof DeliveryAttemptSchema>;

/** The buyer answers a failed attempt: when to come, and the address put right if it was wrong. */
export const DeliveryReplySchema = z.object(
  {
    note: plainText({
      required: MSG.deliveryReplyRequired,
      min: [3, MSG.deliveryReplyRequired],
      max: [500, MSG.deliveryReplyTooLong],
    }),
    address: AddressSchema.nullish().transform((a) => a ?? null),
  },
  { error: MSG.deliveryReplyRequired },
);
export type DeliveryReplyInput = z.output<typeof DeliveryReplySchema>;

/** The buyer disputes a refusal the seller recorded: what happened at the door. */
export const RefusalDisputeSchema = z.object(
  {
    note: plainText({
      required: MSG.disputeNoteRequired,
      min: [10, MSG.disputeNoteRequired],
      max: [500, MSG.deliveryReplyTooLong],
    }),
  },
  { error: MSG.disputeNoteRequired },
);

/** Staff decide a disputed refusal: it stands (and counts), or it is withdrawn. */
export const RefusalDecisionSchema = z.object(
  {
    decision: z.enum(['stands', 'withdrawn'], { error: MSG.chooseRefusalDecision }),
    note: plainText({ required: MSG.reasonRequired, min: [5, MSG.reasonRequired], max: [500, MSG.staffReasonLength] }),
  },
  { error: MSG.chooseRefusalDecision },
);

/** Staff lift a buyer's cash-on-delivery block, with the reason for the audit log. */
export const CodLiftSchema = z.object(
  {
    reason: plainText({
      required: MSG.reasonRequired,
      min: [5, MSG.reasonRequired],
      max: [500, MSG.staffReasonLength],
    }),
  },
  { error: MSG.reasonRequired },
);

export const DeliveryAttemptViewSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  outcome: z.enum(DELIVERY_OUTCOMES),
  reason: z.string(),
  createdAt: Timestamp,
  /** The buyer's answer to a failed attempt. */
  reply: z.object({ note: z.string(), at: Timestamp, addressChanged: z.boolean() }).nullable(),
  /** A refusal the buyer disputed, and staff's decision once made. */
  dispute: z
    .object({
      note: z.string(),
      at: Timestamp,
      decision: z.enum(['stands', 'withdrawn']).nullable(),
      decidedAt: Timestamp.nullable(),
    })
    .nullable(),
  /** A refusal may be disputed until then; null for other outcomes. */
  disputeUntil: Timestamp.nullable(),
});
export type DeliveryAttemptView = z.output<typeof DeliveryAttemptViewSchema>;

/** A line's delivery: its attempts, oldest first, and whether the seller may now cancel it as failed. */
export const LineDeliverySchema = z.object({
  lineId: z.string(),
  orderId: z.string(),
  title: z.string(),
  attempts: z.array(DeliveryAttemptViewSchema),
  failedAttempts: Whole,
  canCancelAsFailed: z.boolean(),
  /** The line was cancelled as "Delivery failed". */
  deliveryFailed: z.boolean(),
});
export type LineDelivery = z.output<typeof LineDeliverySchema>;

/** My lines with delivery attempts, as their buyer and as their seller. */
export const MyDeliveriesSchema = z.object({
  asBuyer: z.array(LineDeliverySchema),
  asSeller: z.array(LineDeliverySchema),
});
export type MyDeliveries = z.output<typeof MyDeliveriesSchema>;

/** Whether a buyer may check out with cash on delivery now, and the limits that apply. */
export const CodStandingSchema = z.object({
  allowed: z.boolean(),
  /** While refused: the day it lifts (refusals leave the 90 days), as an instant. */
  blockedUntil: Timestamp.nullable(),
  refusals: Whole,
  maxRefusals: Whole,
  openOrders: Whole,
  maxOpenOrders: Whole,
  maxOrder: Fils,
});
export type CodStanding = z.output<typeof CodStandingSchema>;

/** A seller's delivery record by Gulf week (Monday first): the dashboard's delivery panel. */
export const DeliveryWeekSchema = z.object({
  weekStart: z.string().meta({ description: 'The Monday the week starts, YYYY-MM-DD (Gulf time).' }),
  attempts: Whole,
  /** Lines whose first attempt was a delivery, of lines with a first attempt that week. */
  firstAttemptDelivered: Whole,
  firstAttempts: Whole,
  refusals: Whole,
});
export const DeliveryStatsSchema = z.object({ weeks: z.array(DeliveryWeekSchema) });
export type DeliveryStats = z.output<typeof DeliveryStatsSchema>;

/** Staff's view: disputed refusals waiting for a decision, and buyers whose COD is blocked. */
export const CodQueueSchema = z.object({
  disputes: z.array(
    DeliveryAttemptViewSchema.extend({
      title: z.string(),
      buyer: z.object({ id: z.string(), username: z.string() }),
      seller: z.object({ id: z.string(), username: z.string() }),
    }),
  ),
  blocked: z.array(
    z.object({
      buyer: z.object({ id: z.string(), username: z.string() }),
      refusals: Whole,
      blockedUntil: Timestamp,
    }),
  ),
});
export type CodQueue = z.output<typeof CodQueueSchema>;
