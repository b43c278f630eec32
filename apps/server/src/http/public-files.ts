import type { FastifyInstance } from 'fastify';
import { MSG } from '@souq/shared';
import { PUBLIC_PREFIX, UPLOADS_URL_PREFIX, isPublicKey, type FileStorage } from '../adapters/storage/index.js';

/**
 * Public files (photos, covers, avatars) at `/uploads/…`, read through the storage interface, so
 * the same address works whether they sit in DATA_DIR or in a bucket (unless `S3_PUBLIC_URL` sends
 * browsers to a CDN instead). Only well-formed public keys are looked up: a path naming `private/`
 * or climbing with `..` is a 404 before any store sees it.
 */
export function registerPublicFiles(app: FastifyInstance, storage: FileStorage): void {
  app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
    const key = PUBLIC_PREFIX + (request.params as { '*': string })['*'];
    const file = isPublicKey(key) ? await storage.open(key) : null;
    if (!file) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MSG.notFound } });
    // Every public file was re-encoded by us under a name never reused: it can be cached for good.
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.body);
  });
}
