import { z } from 'zod';
import { pageOf } from '../api/catalog.js';
import { StreamCardSchema, StreamDetailSchema, VideoJoinSchema } from '../api/live.js';
import { PageQuerySchema } from '../schemas/catalog.js';
import { StartStreamSchema } from '../schemas/live.js';
import { IdSchema, OkSchema, endpoint } from './endpoint.js';

const tag = 'Live';
const StreamId = IdSchema.describe("The stream's id.");
const StreamIdParams = z.object({ id: StreamId });
const MessageParams = z.object({ id: StreamId, messageId: IdSchema.describe("The chat message's id.") });
const ViewerParams = z.object({ id: StreamId, userId: IdSchema.describe("The viewer's user id.") });
const hostErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] as const;

export const streams = {
  list: endpoint({
    method: 'GET',
    path: '/api/streams',
    summary: 'Live streams',
    description:
      "Live and ended streams, live ones first and then newest first, 24 a page; scheduled shows are in `GET /api/streams/upcoming`. Pass the answer's `nextCursor` as `cursor` for the next page; never cached.",
    tag,
    access: 'public',
    query: PageQuerySchema,
    responses: { 200: pageOf(StreamCardSchema) },
    errors: ['VALIDATION_FAILED'],
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/streams/:id',
    summary: 'A stream, with its recent chat',
    description:
      "A stream or show: its state and the lot on screen (price, bids, leader, end), the run sheet and the Buy It Now pins, the latest 100 chat messages, and the caller's own part: whether they host it or were removed, their pre-bids and their order from the show. Never cached.",
    tag,
    access: 'public',
    params: StreamIdParams,
    responses: { 200: StreamDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  video: endpoint({
    method: 'GET',
    path: '/api/streams/:id/video',
    summary: "How this browser joins the stream's video",
    description:
      "How this browser joins the stream's video: the host as publisher, everyone else as a viewer, with the details to connect. Only while the stream is live (409 `CONFLICT` otherwise); a viewer the host removed is 403 `FORBIDDEN`.",
    tag,
    access: 'public',
    params: StreamIdParams,
    responses: { 200: VideoJoinSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/streams',
    summary: 'Go live, or schedule a show (multipart: the fields and an optional cover)',
    description:
      "Starts a show from a multipart form: a title, its length in minutes (1 to 120, 5 by default), an optional cover photo of up to 5 MB, and its lots: either one `productId` with a `startingBid` (a single lot that runs for the whole show) or a `lots` run sheet as JSON text. With `scheduledFor` (up to 60 days ahead) the show is announced for later, else it goes live at once and its video room opens; a host already live is 409 `CONFLICT`. Answers the stream's id, and saved searches that match its title are told.",
    tag,
    access: 'verified',
    form: {
      fields: StartStreamSchema,
      files: { cover: { maxCount: 1, description: "The stream's cover photo." } },
    },
    responses: { 201: z.object({ id: z.string() }) },
    errors: [
      'UNAUTHENTICATED',
      'EMAIL_NOT_VERIFIED',
      'VALIDATION_FAILED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  }),
  end: endpoint({
    method: 'POST',
    path: '/api/streams/:id/end',
    summary: 'End my stream',
    description:
      'The host ends their live or scheduled show: a lot running closes at once, its highest bid winning, and lots not yet run go back to the shop. A stream already ended is 409 `CONFLICT`.',
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: StreamIdParams,
    responses: { 200: OkSchema },
    errors: hostErrors,
  }),
  deleteMessage: endpoint({
    method: 'DELETE',
    path: '/api/streams/:id/messages/:messageId',
    summary: "Remove a message from my stream's chat",
    description:
      "The host or one of their moderators removes a message from the stream's chat, and everyone in the room sees it go; 404 when there is no such message.",
    tag,
    access: 'user',
    params: MessageParams,
    responses: { 200: OkSchema },
    errors: hostErrors,
  }),
  removeViewer: endpoint({
    method: 'POST',
    path: '/api/streams/:id/removed/:userId',
    summary: 'Remove a viewer from my stream',
    description:
      'The host or one of their moderators removes a viewer: they leave the room now and may not chat, bid or watch the video in this stream again. Not the host and not oneself.',
    tag,
    access: 'user',
    params: ViewerParams,
    responses: { 200: OkSchema },
    errors: hostErrors,
  }),
};
