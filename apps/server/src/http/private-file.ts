import type { FastifyReply } from 'fastify';
import type { OpenedFile } from '../adapters/storage/index.js';

/**
 * A private file (an invoice, a problem's photo) the route's service has let this person read:
 * streamed inline, and never kept by a browser's or a proxy's cache for someone else.
 */
export function sendPrivateFile(reply: FastifyReply, file: OpenedFile) {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .header('content-length', file.size)
    .send(file.body);
}
