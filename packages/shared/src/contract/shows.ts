import { z } from 'zod';
import { Fils, Timestamp } from '../api/scalars.js';
import { UserBriefSchema } from '../api/catalog.js';
import { ClipSchema, LotSchema, PinCardSchema, StreamCardSchema } from '../api/live.js';
import {
  LotTermsSchema,
  ModeratorSchema,
  MutedWordsSchema,
  NewLotSchema,
  PinSchema,
  PrebidSchema,
  ReorderLotsSchema,
} from '../schemas/live.js';
import { IdSchema, OkSchema, endpoint, idempotencyHeader } from './endpoint.js';

/**
 * Shows (issue 30): a stream's run sheet of lots, Buy It Now, scheduling and reminders, pre-bids,
 * moderators and muted words, and each sale's clip. The stream itself is in streams.ts.
 */
const tag = 'Live shows';
const hostErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] as const;
const hostWrite = [...hostErrors, 'VALIDATION_FAILED'] as const;
const ShowId = IdSchema.describe("The show's id (a stream's id).");
const ShowIdParams = z.object({ id: ShowId });
const LotParams = z.object({ id: ShowId, lotId: IdSchema.describe("The lot's id (`lots[].id` of the show).") });
const PinParams = z.object({ id: ShowId, pinId: IdSchema.describe("The pinned item's id (`pins[].id` of the show).") });
const ViewerParams = z.object({ id: ShowId, userId: IdSchema.describe("The viewer's user id.") });
const ModeratorParams = z.object({ userId: IdSchema.describe("The moderator's user id.") });
const OrderRefSchema = z.object({ id: z.string(), status: z.string() });

export const shows = {
  upcoming: endpoint({
    method: 'GET',
    path: '/api/streams/upcoming',
    summary: 'Scheduled shows, soonest first',
    description:
      'Shows announced for later, soonest first (at most 24), as cards with their host, title, cover and start time. Never cached.',
    tag,
    access: 'public',
    responses: { 200: z.object({ items: z.array(StreamCardSchema) }) },
    errors: [],
  }),
  goLive: endpoint({
    method: 'POST',
    path: '/api/streams/:id/live',
    summary: 'Go live with my scheduled show (reminded viewers and my followers are told)',
    description:
      "The host starts their scheduled show now, to run as long as planned; its video room opens, and everyone who asked to be reminded and the host's followers are told in their bell and by email. A show not scheduled, or a host already live, is 409 `CONFLICT`; 503 `SERVICE_UNAVAILABLE` when the video room cannot open.",
    tag,
    access: 'verified',
    params: ShowIdParams,
    responses: { 200: OkSchema },
    errors: [...hostErrors, 'EMAIL_NOT_VERIFIED', 'SERVICE_UNAVAILABLE'],
  }),
  addLot: endpoint({
    method: 'POST',
    path: '/api/streams/:id/lots',
    summary: 'Add one of my products to the run sheet, at the end',
    description:
      "The host adds one of their products at the end of the show's run sheet, with a starting bid in fils, a timer (10 to 600 seconds, 30 by default) and a closing style (`sudden` by default). The product leaves the shop at once; a run sheet holds at most 100 lots, and a show that has ended takes none (409 `CONFLICT`). Answers the lot.",
    tag,
    access: 'verified',
    params: ShowIdParams,
    body: NewLotSchema,
    responses: { 201: LotSchema },
    errors: [...hostWrite, 'EMAIL_NOT_VERIFIED'],
    example: {
      productId: '00000000-0000-4000-8000-000000000000',
      startingBid: 5000,
      seconds: 30,
      closingStyle: 'sudden',
    },
  }),
  editLot: endpoint({
    method: 'PUT',
    path: '/api/streams/:id/lots/:lotId',
    summary: "Change a waiting or passed lot's starting bid, timer or closing style",
    description:
      'The host changes the starting bid, timer or closing style of a lot that is waiting or passed; a running or sold lot is 409 `CONFLICT`. Answers the lot.',
    tag,
    access: 'user',
    params: LotParams,
    body: LotTermsSchema,
    responses: { 200: LotSchema },
    errors: hostWrite,
  }),
  dropLot: endpoint({
    method: 'DELETE',
    path: '/api/streams/:id/lots/:lotId',
    summary: 'Drop a waiting or passed lot (its product goes back to the shop)',
    description:
      'The host takes a waiting or passed lot off the run sheet and its product goes back to the shop; if it was the lot on screen, the first lot left takes its place. A running or sold lot is 409 `CONFLICT`.',
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: LotParams,
    responses: { 200: OkSchema },
    errors: hostErrors,
  }),
  reorderLots: endpoint({
    method: 'PUT',
    path: '/api/streams/:id/lots',
    summary: 'Put the waiting and passed lots in a new order',
    description:
      'The host puts the waiting and passed lots in a new order: `lotIds` must name exactly those, each once, or it is 409 `CONFLICT` (the run sheet changed meanwhile). Running and sold lots keep their places. Answers the whole run sheet.',
    tag,
    access: 'user',
    params: ShowIdParams,
    body: ReorderLotsSchema,
    responses: { 200: z.object({ lots: z.array(LotSchema) }) },
    errors: hostWrite,
  }),
  startLot: endpoint({
    method: 'POST',
    path: '/api/streams/:id/lots/:lotId/start',
    summary: 'Run a lot now (a passed one runs again); its pre-bids bid at once',
    description:
      'The host runs a lot now (a passed one runs again): it goes on screen and is open for its timer, and its pre-bids are then placed as maximum bids, oldest first. Only in a live show, one lot at a time, and never a sold lot (409 `CONFLICT`). Answers the lot.',
    tag,
    access: 'user',
    params: LotParams,
    responses: { 200: LotSchema },
    errors: hostErrors,
  }),
  prebid: endpoint({
    method: 'PUT',
    path: '/api/streams/:id/lots/:lotId/prebid',
    summary: 'Leave (or change) my maximum bid on a lot before it runs',
    description:
      'Leaves, or changes, my maximum bid in fils on a lot still waiting to run, at least its starting bid; when the lot runs the server bids for me up to it. A lot running or no longer waiting is 409 `CONFLICT`; the host, a viewer the host removed and a bidder suspended for unpaid wins are refused (403).',
    tag,
    access: 'verified',
    params: LotParams,
    body: PrebidSchema,
    responses: { 200: z.object({ maxAmount: Fils }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    example: { maxAmount: 25000 },
  }),
  pin: endpoint({
    method: 'POST',
    path: '/api/streams/:id/pins',
    summary: 'Pin one of my products for Buy It Now',
    description:
      'The host pins one of their shop products for Buy It Now in a scheduled or live show, at a fixed price in fils with a stock of 1 to 999 units (1 by default). At most 20 pins a show and each product once; a product on auction or hidden is 409 `CONFLICT`. Answers the pinned item.',
    tag,
    access: 'verified',
    params: ShowIdParams,
    body: PinSchema,
    responses: { 201: PinCardSchema },
    errors: [...hostWrite, 'EMAIL_NOT_VERIFIED'],
    example: { productId: '00000000-0000-4000-8000-000000000000', price: 9900, stock: 3 },
  }),
  unpin: endpoint({
    method: 'DELETE',
    path: '/api/streams/:id/pins/:pinId',
    summary: 'Unpin an item',
    description: "The host takes an item off the show's Buy It Now; everyone watching sees it go.",
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: PinParams,
    responses: { 200: OkSchema },
    errors: hostErrors,
  }),
  buy: endpoint({
    method: 'POST',
    path: '/api/streams/:id/pins/:pinId/buy',
    summary: 'Buy a pinned item now: one unit, added to my order from this show',
    description:
      "Buys one unit of a pinned item while the show is live; it joins my order from this show, which waits for my delivery address. With an `Idempotency-Key` header a retry gets the first purchase's answer instead of buying again; a sold-out item is 409 `CONFLICT`, and the host or a removed viewer is refused (403). Answers the order and the pinned item's new count.",
    tag,
    access: 'verified',
    params: PinParams,
    headers: idempotencyHeader('buys'),
    responses: { 201: z.object({ order: OrderRefSchema, pin: PinCardSchema }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  remind: endpoint({
    method: 'PUT',
    path: '/api/streams/:id/reminder',
    summary: 'Remind me (bell and email) when this show goes live',
    description:
      'Asks to be told, in my bell and by email, when this scheduled show goes live; asking again changes nothing. A show that is not scheduled is 409 `CONFLICT`.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    params: ShowIdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT'],
  }),
  forget: endpoint({
    method: 'DELETE',
    path: '/api/streams/:id/reminder',
    summary: 'Do not remind me after all',
    description: 'Withdraws my reminder for this show, if I had one.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    params: ShowIdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  mutedWords: endpoint({
    method: 'PUT',
    path: '/api/streams/:id/muted-words',
    summary: "Set my show's muted words (matching messages are hidden from all but their sender)",
    description:
      "The host replaces the show's muted words (at most 50, each 1 to 40 characters; the same word in other capitals is kept once). A chat line holding one, matched as a whole word whatever its case, is shown only to its sender, unless the host or a moderator wrote it. Answers the list as kept.",
    tag,
    access: 'user',
    params: ShowIdParams,
    body: MutedWordsSchema,
    responses: { 200: z.object({ words: z.array(z.string()) }) },
    errors: hostWrite,
    example: { words: ['spam'] },
  }),
  mute: endpoint({
    method: 'POST',
    path: '/api/streams/:id/muted/:userId',
    summary: 'Mute a viewer in the chat for 5 minutes (host or moderator)',
    description:
      'The host or one of their moderators stops a viewer chatting in this show for 5 minutes from now, and the viewer is told until when. Not the host, not oneself, and not in a show that has ended (409 `CONFLICT`). Answers `until`.',
    tag,
    access: 'user',
    params: ViewerParams,
    responses: { 200: z.object({ until: Timestamp }) },
    errors: hostWrite,
  }),
  moderators: endpoint({
    method: 'GET',
    path: '/api/me/moderators',
    summary: 'The people I named to moderate my shows',
    description: 'The people I named to moderate my shows (at most 20).',
    tag,
    access: 'user',
    responses: { 200: z.object({ items: z.array(UserBriefSchema) }) },
    errors: ['UNAUTHENTICATED'],
  }),
  addModerator: endpoint({
    method: 'POST',
    path: '/api/me/moderators',
    summary: 'Name a moderator for my shows, by username',
    description:
      'Names a moderator for all my shows by username; they may then delete chat messages, mute viewers and remove viewers. Naming someone already named changes nothing; naming myself, or a 21st, is 409 `CONFLICT`. Answers the moderator.',
    tag,
    access: 'user',
    body: ModeratorSchema,
    responses: { 201: UserBriefSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { username: 'amira' },
  }),
  removeModerator: endpoint({
    method: 'DELETE',
    path: '/api/me/moderators/:userId',
    summary: 'Stop a moderator moderating my shows',
    description: 'Stops someone moderating my shows; 404 when they were not one of my moderators.',
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: ModeratorParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  uploadClip: endpoint({
    method: 'POST',
    path: '/api/streams/:id/lots/:lotId/clip',
    summary: "Keep a sold lot's clip: the stream's last seconds up to the hammer (multipart, from the host's browser)",
    description:
      "The host's browser uploads the clip of a sold lot (the stream's last seconds up to the hammer, WebM or MP4, at most 25 MB) with its length in milliseconds, as a multipart form. It is kept with the lot and shown with the winner's order line; uploading again replaces it. Answers the clip's URL, length and type.",
    tag,
    access: 'user',
    params: LotParams,
    form: {
      fields: z.object({ durationMs: z.coerce.number().int().min(0).max(600_000) }),
      files: { clip: { maxCount: 1, description: 'The clip (WebM or MP4).', required: 'The clip must be a video.' } },
    },
    responses: { 201: ClipSchema },
    errors: [...hostWrite, 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
};
