import { z } from 'zod';
import { GiveawayCardSchema } from '../api/live.js';
import { GiveawaySchema } from '../schemas/giveaways.js';
import { IdSchema, endpoint } from './endpoint.js';

/** A show's giveaways (issue 47): the host starts one, viewers enter, the server draws; staff replay a draw. */
const tag = 'Live shows';
const ShowId = IdSchema.describe("The show's id (a stream's id).");
const GiveawayParams = z.object({
  id: ShowId,
  giveawayId: IdSchema.describe("The giveaway's id (`giveaway.id` of the show)."),
});

export const GiveawayDrawSchema = z.object({
  giveawayId: z.string(),
  seed: z.string(),
  entriesHash: z.string(),
  /** Every entrant's user id, in the order the draw reads them (by id). */
  entries: z.array(z.string()),
  winnerId: z.string().nullable(),
  /** The winner the stored seed and entries give when drawn again now. */
  replayedWinnerId: z.string().nullable(),
  /** The entries hash to the stored hash and the replay picks the stored winner. */
  matches: z.boolean(),
});
export type GiveawayDraw = z.infer<typeof GiveawayDrawSchema>;

export const giveaways = {
  startGiveaway: endpoint({
    method: 'POST',
    path: '/api/streams/:id/giveaways',
    summary: 'Start a giveaway in my live show',
    description:
      "The host gives one of their shop products away: who may enter (`everyone` watching, the host's `followers`, or `buyers` who bought in this show), a timer of 15–600 s on the server's clock, and what the winner pays for delivery (0–10,000 fils). `acceptTerms` must be true: the Gulf's rules on prize promotions are the host's to follow. One giveaway at a time (409); the show must be live (409). When the timer ends the server draws a winner uniformly at random from the entries with a stored seed; the winner's order from the show gets the product at AED 0.",
    tag,
    access: 'verified',
    params: z.object({ id: ShowId }),
    body: GiveawaySchema,
    responses: { 201: GiveawayCardSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    example: {
      productId: '00000000-0000-4000-8000-000000000000',
      eligibility: 'everyone',
      seconds: 60,
      deliveryFee: 0,
      acceptTerms: true,
    },
  }),
  enterGiveaway: endpoint({
    method: 'POST',
    path: '/api/streams/:id/giveaways/:giveawayId/entries',
    summary: 'Enter a giveaway',
    description:
      'One entry per person while the timer runs on the server\'s clock; after it, 409 `CONFLICT` ("This giveaway has ended."). The host, a removed viewer, and a viewer the giveaway is not for (followers or buyers only) are refused with 403.',
    tag,
    access: 'verified',
    params: GiveawayParams,
    responses: { 201: z.object({ entered: z.literal(true) }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  giveawayDraw: endpoint({
    method: 'GET',
    path: '/api/admin/giveaways/:giveawayId',
    summary: "Replay a giveaway's draw",
    description:
      "Staff only: the stored seed, the entries' hash and the entrants, and the winner the same draw gives again now, so a complaint about a giveaway can be checked.",
    tag: 'Staff',
    access: 'staff',
    params: z.object({ giveawayId: IdSchema }),
    responses: { 200: GiveawayDrawSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
};
