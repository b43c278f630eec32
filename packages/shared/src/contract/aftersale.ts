import { z } from 'zod';
import {
  AftersaleSchema,
  DisputeListSchema,
  ProblemSchema,
  SellerRatingListSchema,
  SellerRatingSchema,
  SellerStandingSchema,
} from '../api/aftersale.js';
import { MSG } from '../messages.js';
import { PageQuerySchema } from '../schemas/catalog.js';
import {
  AnswerProblemSchema,
  DecideProblemSchema,
  EscalateProblemSchema,
  OpenProblemSchema,
  PROBLEM_PHOTOS_MAX,
  RateSellerSchema,
  RatingReplySchema,
} from '../schemas/aftersale.js';
import { IdSchema, OkSchema, endpoint, idParams } from './endpoint.js';

const tag = 'After a sale';
const write = ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'] as const;
const staffWrite = ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'] as const;
const LineIdParams = idParams("The order line's id: `lines[].id` of one of my orders.");
const RatingIdParams = idParams("The rating's id.");
const SellerIdParams = idParams("The seller's user id.");
const ProblemIdParams = idParams("The problem's id.");
const ProblemPhotoParams = z.object({
  id: IdSchema.describe("The problem's id."),
  n: z.coerce.number().int().min(0).describe("Which of the problem's photos, counting from 0."),
});

/** Issue 31: the shipping deadline, seller ratings, problems on delivered lines and the staff who decide them. */
export const aftersale = {
  cancelLate: endpoint({
    method: 'POST',
    path: '/api/order-lines/:id/cancel',
    summary: 'The buyer cancels a line its seller is late to ship',
    description:
      'The buyer cancels one line of their order that its seller has not shipped by its ship-by deadline; a line not late yet, or already shipped, is 409 `CONFLICT`. The line is cancelled and credited on its invoice, and the seller is told in their bell and by email.',
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: LineIdParams,
    responses: { 200: OkSchema },
    errors: write,
  }),
  rate: endpoint({
    method: 'POST',
    path: '/api/order-lines/:id/rating',
    summary: 'Rate the seller of a delivered line (once per order and seller)',
    description:
      'The buyer rates the seller of a delivered line: 1 to 5 stars and an optional comment of up to 500 characters. One rating per order and seller; a second one, or a line not delivered yet, is 409 `CONFLICT`. Answers the rating.',
    tag,
    access: 'verified',
    params: LineIdParams,
    body: RateSellerSchema,
    responses: { 201: SellerRatingSchema },
    errors: write,
    example: { stars: 5, comment: 'Well packed and on time.' },
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/ratings/:id/reply',
    summary: 'The seller replies to a rating (once)',
    description:
      "The rated seller replies to one of their ratings, once (up to 500 characters); a second reply is 409 `CONFLICT`, and another seller's rating is 404. Answers the rating with its reply.",
    tag,
    access: 'verified',
    params: RatingIdParams,
    body: RatingReplySchema,
    responses: { 200: SellerRatingSchema },
    errors: write,
    example: { text: 'Thank you!' },
  }),
  standing: endpoint({
    method: 'GET',
    path: '/api/sellers/:id/standing',
    summary: "A seller's average rating, ratings count and on-time shipping over 12 months",
    description:
      "A seller's standing as pages showing them use it: the average of their ratings (one decimal, null with none), how many ratings they have, and their shipping over the last 12 months (lines due to ship, lines shipped on time, and the on-time share as a whole percent, null with none due).",
    tag,
    access: 'public',
    params: SellerIdParams,
    responses: { 200: SellerStandingSchema },
    errors: ['NOT_FOUND'],
  }),
  ratings: endpoint({
    method: 'GET',
    path: '/api/sellers/:id/ratings',
    summary: "A seller's ratings with their replies, newest first, 20 a page",
    description:
      "A seller's ratings, each with its buyer, stars, comment and any reply, newest first, 20 a page. Pass the answer's `nextCursor` as `cursor` for the next page.",
    tag,
    access: 'public',
    params: SellerIdParams,
    query: PageQuerySchema,
    responses: { 200: SellerRatingListSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/me/aftersale',
    summary: 'Ratings and problems on my orders and my sales',
    description:
      'The ratings given or received on my orders and sales, and the problems opened on them (at most 100 of each), for the order and sales pages to show beside each line.',
    tag,
    access: 'user',
    responses: { 200: AftersaleSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  openProblem: endpoint({
    method: 'POST',
    path: '/api/order-lines/:id/problem',
    summary: 'Open a problem on a delivered line (multipart: kind, text and up to 4 photos)',
    description:
      "The buyer reports a problem with a delivered line within 7 days of its delivery, as a multipart form: its kind (`not_received` or `not_as_described`), a text, and up to 4 photos that only the buyer, the seller and staff can see. The seller is told and must answer by the answer's `answerBy` (48 hours later unless the server is configured otherwise). One problem per line; answers the problem.",
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: LineIdParams,
    form: {
      fields: OpenProblemSchema,
      files: {
        photos: {
          maxCount: PROBLEM_PHOTOS_MAX,
          description: 'Photos of the problem (JPEG, PNG, WebP).',
          tooMany: MSG.tooManyProblemPhotos,
        },
      },
    },
    responses: { 201: ProblemSchema },
    errors: [...write, 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  // Evidence between a buyer, a seller and staff: streamed after the permission check, never a public URL.
  problemPhoto: endpoint({
    method: 'GET',
    path: '/api/problems/:id/photos/:n',
    summary: "A problem's photo (the first is 0), for its buyer, its seller and staff only",
    description:
      "Streams one of a problem's photos, as WebP, to the problem's buyer, its seller or staff; to anyone else it is 404, as if it did not exist. The photo URLs in a problem point here.",
    tag,
    access: 'user',
    params: ProblemPhotoParams,
    responses: {},
    other: { 200: { description: 'The photo, as WebP.', contentType: 'image/webp' } },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/problems/:id/answer',
    summary: 'The seller answers a problem: refund agreed, return agreed, or a reply',
    description:
      'The seller answers an open problem before its `answerBy`: they agree to a refund, agree to a return, or reply, with a text. The buyer is told; once answered, or after the deadline, it is 409 `CONFLICT`. Answers the problem.',
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: ProblemIdParams,
    body: AnswerProblemSchema,
    responses: { 200: ProblemSchema },
    errors: write,
    example: { kind: 'refund', text: 'Sorry about that, I will refund you.' },
  }),
  escalate: endpoint({
    method: 'POST',
    path: '/api/problems/:id/escalate',
    summary: 'The buyer, not satisfied, asks staff to decide',
    description:
      'The buyer asks staff to decide a problem that the seller answered, or did not answer by `answerBy`, with optional words for staff. The seller is told, and the problem joins the staff dispute queue. Answers the problem.',
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: ProblemIdParams,
    body: EscalateProblemSchema,
    responses: { 200: ProblemSchema },
    errors: write,
    example: { text: 'The seller does not answer.' },
  }),
  disputes: endpoint({
    method: 'GET',
    path: '/api/admin/disputes',
    summary: 'Escalated problems waiting for a staff decision, oldest first',
    description:
      "Escalated problems waiting for a staff decision, oldest first (at most 100), each with its buyer and seller, the buyer's text and photos, the seller's answer if any, and the buyer's words on escalating.",
    tag: 'Staff',
    access: 'staff',
    responses: { 200: DisputeListSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/admin/disputes/:id/decide',
    summary: 'Staff decide an escalated problem for the buyer or the seller, with a reason',
    description:
      'Staff decide an escalated problem for the buyer or the seller, with a reason; both are told in their bell and by email. The decision is written to the staff audit log; a problem that is not escalated, or already decided, is 409 `CONFLICT`.',
    tag: 'Staff',
    access: 'staff',
    params: ProblemIdParams,
    body: DecideProblemSchema,
    responses: { 200: ProblemSchema },
    errors: staffWrite,
    example: { decision: 'buyer', reason: 'The photos show a different item.' },
  }),
};
