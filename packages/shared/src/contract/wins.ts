import { OrderSchema, SaleSchema } from '../api/catalog.js';
import { CancelAnswerSchema, MyStrikesSchema, SecondChanceOfferSchema, StruckPeopleSchema } from '../api/wins.js';
import { IdParams, endpoint } from './endpoint.js';

const tag = 'Unpaid wins';

/**
 * Winners who don't pay (issue 31, ADR 0037): the buyer's request to cancel and the seller's
 * answer, the second-chance offer to the runner-up, a person's own strikes and staff's list.
 */
export const wins = {
  askCancel: endpoint({
    method: 'POST',
    path: '/api/orders/:id/cancel-request',
    summary: 'The winner asks the seller to cancel a won order still waiting for its address',
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: IdParams,
    responses: { 200: OrderSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND', 'CONFLICT'],
  }),
  answerCancel: endpoint({
    method: 'POST',
    path: '/api/sales/:id/cancel-request',
    summary: "The seller agrees to the winner's request to cancel (no strike) or declines it (the deadline runs on)",
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: IdParams,
    body: CancelAnswerSchema,
    responses: { 200: SaleSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { agree: true },
  }),
  offerSecondChance: endpoint({
    method: 'POST',
    path: '/api/auctions/:id/second-chance',
    summary: 'Offer the item to the runner-up at their own highest bid, valid 48 hours (once per auction)',
    tag,
    access: 'verified',
    params: IdParams,
    responses: { 201: SecondChanceOfferSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  acceptSecondChance: endpoint({
    method: 'POST',
    path: '/api/second-chance/:id/accept',
    summary: 'The runner-up accepts the offer: an order waiting for their address',
    tag,
    access: 'verified',
    params: IdParams,
    responses: { 200: SecondChanceOfferSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  declineSecondChance: endpoint({
    method: 'POST',
    path: '/api/second-chance/:id/decline',
    summary: 'The runner-up declines the offer',
    tag,
    access: 'verified',
    openWhileSuspended: 'withdraw',
    params: IdParams,
    responses: { 200: SecondChanceOfferSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND', 'CONFLICT'],
  }),
  myStrikes: endpoint({
    method: 'GET',
    path: '/api/me/strikes',
    summary: 'My unpaid-item strikes and my bidding suspension, if any',
    tag,
    access: 'user',
    responses: { 200: MyStrikesSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  struckPeople: endpoint({
    method: 'GET',
    path: '/api/admin/strikes',
    summary: 'People with unpaid-item strikes in the last 90 days (staff)',
    tag,
    access: 'staff',
    responses: { 200: StruckPeopleSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
};
