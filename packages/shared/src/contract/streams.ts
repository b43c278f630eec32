import { z } from 'zod';
import { pageOf } from '../api/catalog.js';
import { StreamCardSchema, StreamDetailSchema, VideoJoinSchema } from '../api/live.js';
import { PageQuerySchema } from '../schemas/catalog.js';
import { StartStreamSchema } from '../schemas/live.js';
import { IdParams, IdSchema, OkSchema, endpoint } from './endpoint.js';

const tag = 'Live';
const hostErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] as const;

export const streams = {
  list: endpoint({
    method: 'GET',
    path: '/api/streams',
    summary: 'Live streams',
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
    tag,
    access: 'public',
    params: IdParams,
    responses: { 200: StreamDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  video: endpoint({
    method: 'GET',
    path: '/api/streams/:id/video',
    summary: "How this browser joins the stream's video",
    tag,
    access: 'public',
    params: IdParams,
    responses: { 200: VideoJoinSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/streams',
    summary: 'Go live selling a product (multipart: the fields and an optional cover)',
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
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: IdParams,
    responses: { 200: OkSchema },
    errors: hostErrors,
  }),
  deleteMessage: endpoint({
    method: 'DELETE',
    path: '/api/streams/:id/messages/:messageId',
    summary: "Remove a message from my stream's chat",
    tag,
    access: 'user',
    params: z.object({ id: IdSchema, messageId: IdSchema }),
    responses: { 200: OkSchema },
    errors: hostErrors,
  }),
  removeViewer: endpoint({
    method: 'POST',
    path: '/api/streams/:id/removed/:userId',
    summary: 'Remove a viewer from my stream',
    tag,
    access: 'user',
    params: z.object({ id: IdSchema, userId: IdSchema }),
    responses: { 200: OkSchema },
    errors: hostErrors,
  }),
};
