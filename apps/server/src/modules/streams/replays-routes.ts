import type { FastifyInstance } from 'fastify';
import { API, MSG, REPLAY_PIECE_MAX_BYTES } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { filesOf, readForm, uploadRoutes, type FormLimits } from '../../http/multipart.js';
import { gatedUser } from '../../http/session.js';
import type { Replays } from './replays.js';

const C = API.streams;

/** One piece and where the recording stands after it; a file past the limit is cut off while read. */
const PIECE_FORM: FormLimits = {
  files: 1,
  fields: 5,
  fileSize: REPLAY_PIECE_MAX_BYTES,
  tooLarge: MSG.replayPieceTooLarge,
};

/** A show's replay: the host's browser sends the recording, anyone watches it, the host deletes it (a Fastify plugin). */
export function replaysRoutes(replays: Replays) {
  return async function routes(fastify: FastifyInstance) {
    await uploadRoutes(fastify, (uploads) => {
      typed(uploads).route({
        ...routeOf(C.recordPiece),
        handler: async (request, reply) => {
          const host = gatedUser(request);
          const form = await readForm(request, C.recordPiece.form, PIECE_FORM);
          const file = filesOf(form, 'piece')[0]!;
          const saved = await replays.recordPiece(host, request.params.id, {
            seq: form.fields.seq,
            endMs: form.fields.endMs,
            source: file.path,
            bytes: file.size,
          });
          return reply.status(201).send(saved);
        },
      });
    });
    const app = typed(fastify);
    app.route({ ...routeOf(C.replay), handler: async (request) => replays.replayOf(request.params.id) });
    app.route({
      ...routeOf(C.deleteReplay),
      handler: async (request) => {
        await replays.deleteReplay(gatedUser(request), request.params.id);
        return { ok: true as const };
      },
    });
  };
}
