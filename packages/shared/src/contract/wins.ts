import { OrderSchema, SaleSchema } from '../api/catalog.js';
import { CancelAnswerSchema, MyStrikesSchema, SecondChanceOfferSchema, StruckPeopleSchema } from '../api/wins.js';
import { endpoint, idParams } from './endpoint.js';

const tag = 'Unpaid wins';
const OrderIdParams = idParams("The won order's id.");
const SaleIdParams = idParams("The sold line's id: `id` of one of my sales from that order.");
const AuctionIdParams = idParams("The sold auction's id.");
const OfferIdParams = idParams("The second-chance offer's id.");

/**
 * Winners who don't pay (issue 31, ADR 0037): the buyer's request to cancel and the seller's
 * answer, the second-chance offer to the runner-up, a person's own strikes and staff's list.
 */
export const wins = {
  askCancel: endpoint({
    method: 'POST',
    path: '/api/orders/:id/cancel-request',
    summary: 'The winner asks the seller to cancel a won order still waiting for its address',
    description:
      'The winner asks the seller to cancel a won order that is still waiting for its address; the seller is told in their bell and by email. One request per order; an order not waiting, or already asked about, is 409 `CONFLICT`. Answers the order.',
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: OrderIdParams,
    responses: { 200: OrderSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND', 'CONFLICT'],
  }),
  answerCancel: endpoint({
    method: 'POST',
    path: '/api/sales/:id/cancel-request',
    summary: "The seller agrees to the winner's request to cancel (no strike) or declines it (the deadline runs on)",
    description:
      "The seller answers the winner's request to cancel, on their line of that order: agreeing cancels the whole order with no strike for the winner, declining withdraws the request and the address deadline runs on. The winner is told; with no request open it is 409 `CONFLICT`. Answers the sale line.",
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: SaleIdParams,
    body: CancelAnswerSchema,
    responses: { 200: SaleSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { agree: true },
  }),
  offerSecondChance: endpoint({
    method: 'POST',
    path: '/api/auctions/:id/second-chance',
    summary: 'Offer the item to the runner-up at their own highest bid, valid 48 hours (once per auction)',
    description:
      "After a sold auction's order was cancelled (unpaid, or at the winner's request), its seller offers the item to the runner-up at the runner-up's own highest bid. The offer stands for 48 hours (the server's default) and the runner-up is told in their bell and by email. Once per auction; answers the offer.",
    tag,
    access: 'verified',
    params: AuctionIdParams,
    responses: { 201: SecondChanceOfferSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  acceptSecondChance: endpoint({
    method: 'POST',
    path: '/api/second-chance/:id/accept',
    summary: 'The runner-up accepts the offer: an order waiting for their address',
    description:
      'The runner-up accepts a second-chance offer made to them: an order for the item at the offered amount is made, waiting for their delivery address with a deadline of its own. The seller is told; an offer no longer open is 409 `CONFLICT`. Answers the offer.',
    tag,
    access: 'verified',
    params: OfferIdParams,
    responses: { 200: SecondChanceOfferSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  declineSecondChance: endpoint({
    method: 'POST',
    path: '/api/second-chance/:id/decline',
    summary: 'The runner-up declines the offer',
    description:
      'The runner-up declines a second-chance offer made to them, and the seller is told. An offer no longer open is 409 `CONFLICT`; answers the offer.',
    tag,
    access: 'verified',
    openWhileSuspended: 'withdraw',
    params: OfferIdParams,
    responses: { 200: SecondChanceOfferSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND', 'CONFLICT'],
  }),
  myStrikes: endpoint({
    method: 'GET',
    path: '/api/me/strikes',
    summary: 'My unpaid-item strikes and my bidding suspension, if any',
    description:
      'My unpaid-item strikes (won orders cancelled because I gave no address in time), newest first, and until when my bidding is suspended, if it is. By default two strikes within 90 days suspend bidding for 30 days.',
    tag,
    access: 'user',
    responses: { 200: MyStrikesSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  struckPeople: endpoint({
    method: 'GET',
    path: '/api/admin/strikes',
    summary: 'People with unpaid-item strikes in the last 90 days (staff)',
    description:
      'People with an unpaid-item strike in the strike window (90 days by default) or a bidding suspension still running, the most recently struck first, each with their strike count, last strike and suspension end.',
    tag,
    access: 'staff',
    responses: { 200: StruckPeopleSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
};
