import { z } from 'zod';
import { ReplaySchema } from '../api/live.js';
import { REPLAY_PIECES_MAX } from '../live.js';
import { IdSchema, OkSchema, endpoint } from './endpoint.js';

/** A whole show, recorded (issue 47): the host's browser sends it in pieces; anyone watches it after the end. */
const tag = 'Live shows';
const ShowIdParams = z.object({ id: IdSchema.describe("The show's id (a stream's id).") });
const hostErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] as const;

export const replays = {
  recordPiece: endpoint({
    method: 'POST',
    path: '/api/streams/:id/replay/pieces',
    summary: "Send the next piece of my show's recording (multipart, from the host's browser)",
    description:
      "While the show runs, the host's browser records it (MediaRecorder, WebM) and sends each piece of about 5 s as it is made: `seq` counts from 0, `endMs` is the recording's length after this piece. Piece 0 must start a WebM file (415 otherwise) and later pieces need it (409); each is at most 16 MB (413); sending a piece again replaces it. After the show ends the pieces are joined, in order up to the first gap, into the replay: what was sent before a crash is kept.",
    tag,
    access: 'user',
    params: ShowIdParams,
    form: {
      fields: z.object({
        seq: z.coerce
          .number()
          .int()
          .min(0)
          .max(REPLAY_PIECES_MAX - 1),
        endMs: z.coerce
          .number()
          .int()
          .min(0)
          .max(REPLAY_PIECES_MAX * 60_000),
      }),
      files: {
        piece: { maxCount: 1, description: 'The piece (WebM).', required: 'A recording must be a WebM video.' },
      },
    },
    responses: { 201: z.object({ seq: z.number().int() }) },
    errors: [...hostErrors, 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  replay: endpoint({
    method: 'GET',
    path: '/api/streams/:id/replay',
    summary: "A show's replay, with a chapter at each lot",
    description:
      "After a show ends: its recording's address (served with byte ranges), its length, and a chapter at each lot that ran (where it began, its title, sold or passed, the hammer price). 404 while there is none (recording, deleted, or never recorded).",
    tag,
    access: 'public',
    params: ShowIdParams,
    responses: { 200: ReplaySchema },
    errors: ['NOT_FOUND'],
  }),
  deleteReplay: endpoint({
    method: 'DELETE',
    path: '/api/streams/:id/replay',
    summary: "Delete my show's replay",
    description: 'The host deletes the replay and its file; the show keeps its clips.',
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: ShowIdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
};
