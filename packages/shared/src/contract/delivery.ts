import {
  CodLiftSchema,
  CodQueueSchema,
  CodStandingSchema,
  DeliveryAttemptSchema,
  DeliveryReplySchema,
  DeliveryStatsSchema,
  LineDeliverySchema,
  MyDeliveriesSchema,
  RefusalDecisionSchema,
  RefusalDisputeSchema,
} from '../schemas/delivery.js';
import { endpoint, idParams } from './endpoint.js';

const tag = 'Delivery';
const SaleIdParams = idParams('The sold line (an order line of yours as its seller).');
const AttemptIdParams = idParams('The delivery attempt.');
const staffWrite = ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'] as const;

export const delivery = {
  mine: endpoint({
    method: 'GET',
    path: '/api/me/deliveries',
    summary: 'My lines with delivery attempts, as buyer and as seller',
    description:
      'Every order line of mine that has a delivery attempt, as its buyer and as its seller: the attempts oldest first, with the buyer’s replies and disputes, how many failed, and whether the seller may now cancel it as "Delivery failed".',
    tag,
    access: 'user',
    responses: { 200: MyDeliveriesSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  record: endpoint({
    method: 'POST',
    path: '/api/sales/:id/attempts',
    summary: 'Record a delivery attempt on a shipped sale',
    description:
      'The seller records what happened at the door on one of their shipped lines: `delivered` (the line becomes delivered), `not_reachable`, `refused` (with the reason the buyer gave) or `wrong_address`. The buyer is told of each failed attempt in their bell and by email, in their language. A line not yet shipped, or already delivered or cancelled, is 409 `CONFLICT`; another seller’s line is 404. Answers the line’s delivery.',
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: SaleIdParams,
    body: DeliveryAttemptSchema,
    responses: { 201: LineDeliverySchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { outcome: 'refused', reason: 'Said he did not order it' },
  }),
  cancelFailed: endpoint({
    method: 'POST',
    path: '/api/sales/:id/delivery-failed',
    summary: 'Cancel a sale as "Delivery failed" after two failed attempts',
    description:
      'After two failed delivery attempts the seller may cancel the shipped line as "Delivery failed"; the invoice is credited as for other cancels and the buyer is told. Fewer failed attempts, or a line already delivered or cancelled, is 409 `CONFLICT`. Answers the line’s delivery.',
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: SaleIdParams,
    responses: { 200: LineDeliverySchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND', 'CONFLICT'],
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/delivery-attempts/:id/reply',
    summary: 'Answer a failed delivery attempt (a time, or the address put right)',
    description:
      'The buyer answers a failed attempt on their line, once: a note for the seller (when to come) and, optionally, the order’s address put right, which the seller sees at once. Only a failed attempt on a line still out for delivery. Answers the line’s delivery.',
    tag,
    access: 'user',
    openWhileSuspended: 'order',
    params: AttemptIdParams,
    body: DeliveryReplySchema,
    responses: { 200: LineDeliverySchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { note: 'Please call on arrival, I am home after 6 pm.' },
  }),
  dispute: endpoint({
    method: 'POST',
    path: '/api/delivery-attempts/:id/dispute',
    summary: 'Dispute a refusal the seller recorded (within 48 hours)',
    description:
      'The buyer says a recorded refusal did not happen as recorded, within 48 hours of it; the refusal then counts against their cash on delivery only if staff decide it stands. Once per refusal. Answers the line’s delivery.',
    tag,
    access: 'user',
    openWhileSuspended: 'order',
    params: AttemptIdParams,
    body: RefusalDisputeSchema,
    responses: { 200: LineDeliverySchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { note: 'Nobody came to the door; I was home all day.' },
  }),
  codStanding: endpoint({
    method: 'GET',
    path: '/api/me/cod',
    summary: 'Whether I may check out with cash on delivery now',
    description:
      'The limits cash on delivery holds me to: the most an order may total, my open orders against the most allowed, and my counted refusals in the last 90 days; while refusals block it, the instant it lifts.',
    tag,
    access: 'user',
    responses: { 200: CodStandingSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/me/delivery-stats',
    summary: 'My delivery record as a seller, by week',
    description:
      'For the seller’s dashboard: by Gulf week (Monday first), the last 12 weeks with attempts: attempts, lines delivered at the first attempt of lines first attempted, and refusals.',
    tag,
    access: 'user',
    responses: { 200: DeliveryStatsSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/admin/cod',
    summary: 'Disputed refusals, and buyers whose cash on delivery is blocked',
    description:
      'Staff’s queue: refusals the buyer disputed, waiting for a decision, oldest first; and every buyer whose counted refusals block cash on delivery now, with the instant it lifts.',
    tag: 'Staff',
    access: 'staff',
    responses: { 200: CodQueueSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/admin/refusals/:id/decide',
    summary: 'Staff decide a disputed refusal: it stands, or it is withdrawn',
    description:
      'A refusal that stands counts against the buyer’s cash on delivery; a withdrawn one never does. Written to the staff audit log; a refusal not waiting for a decision is 409 `CONFLICT`.',
    tag: 'Staff',
    access: 'staff',
    params: AttemptIdParams,
    body: RefusalDecisionSchema,
    responses: { 200: CodQueueSchema },
    errors: staffWrite,
    example: { decision: 'withdrawn', note: 'The courier’s log shows no visit that day.' },
  }),
  lift: endpoint({
    method: 'POST',
    path: '/api/admin/cod-blocks/:id/lift',
    summary: 'Staff lift a buyer’s cash-on-delivery block',
    description:
      'Refusals recorded before now stop counting for this buyer, so they may check out again; written to the staff audit log with the reason. A buyer who is not blocked is 409 `CONFLICT`.',
    tag: 'Staff',
    access: 'staff',
    params: idParams('The buyer.'),
    body: CodLiftSchema,
    responses: { 200: CodQueueSchema },
    errors: staffWrite,
    example: { reason: 'Both refusals were a courier mix-up, confirmed by phone.' },
  }),
};
