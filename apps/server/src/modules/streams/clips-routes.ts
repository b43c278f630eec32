import type { FastifyInstance } from 'fastify';
import { API, CLIP_MAX_BYTES, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { filesOf, readForm, uploadRoutes, type FormLimits } from '../../http/multipart.js';
import { gatedUser } from '../../http/session.js';
import type { Clips } from './clips.js';

const C = API.streams;

/** One clip and its length; a file past the limit is cut off while read, and refused in the clip's words. */
const CLIP_FORM: FormLimits = { files: 1, fields: 5, fileSize: CLIP_MAX_BYTES, tooLarge: MSG.clipTooLarge };

/** The host's browser sends a sold lot's clip (a Fastify plugin). */
export function clipsRoutes(clips: Clips) {
  return async function routes(fastify: FastifyInstance) {
    await uploadRoutes(fastify, (uploads) => {
      typed(uploads).route({
        ...routeOf(C.uploadClip),
        handler: async (request, reply) => {
          const host = gatedUser(request);
          const form = await readForm(request, C.uploadClip.form, CLIP_FORM);
          const file = filesOf(form, 'clip')[0]!;
          const clip = await clips.uploadClip(
            host,
            request.params.id,
            request.params.lotId,
            { source: file.path, bytes: file.size },
            form.fields.durationMs,
          );
          return reply.status(201).send(clip);
        },
      });
    });
  };
}
