import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@souq/shared';
import { DomainError } from '../lib/errors.js';

function cacheControlFor(filePath: string): string {
  // Vite fingerprints everything under assets/, so it can be cached for good.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  // index.html names the current asset hashes, so it must be revalidated on every visit.
  if (filePath.endsWith('index.html')) return 'no-cache';
  return 'public, max-age=3600';
}

interface IndexPage {
  body: Buffer;
  mtimeMs: number;
  size: number;
  etag: string;
  lastModified: string;
}

/**
 * index.html answers the first request of every visit, so it is kept in memory (with the
 * validators send would give it) and read again only when the file changes: a rebuild of the
 * web app while the server runs names new assets.
 */
function indexPageSender(file: string): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  let page: IndexPage | undefined;
  const current = (): IndexPage => {
    const stat = fs.statSync(file);
    if (page?.mtimeMs !== stat.mtimeMs || page.size !== stat.size) {
      const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
      page = { body: fs.readFileSync(file), mtimeMs: stat.mtimeMs, size: stat.size, etag, lastModified: stat.mtime.toUTCString() };
    }
    return page;
  };
  return (request, reply) => {
    const { body, etag, lastModified } = current();
    reply.type('text/html; charset=utf-8').header('cache-control', cacheControlFor('index.html')).header('etag', etag).header('last-modified', lastModified);
    return request.headers['if-none-match'] === etag ? reply.code(304).send() : reply.send(body);
  };
}

/** Serves the built web app; any path that is not a file gets index.html, except under /api. */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  const sendIndex = hasSpa ? indexPageSender(index) : undefined;
  if (sendIndex) {
    app.get('/', sendIndex);
    await app.register(fastifyStatic, {
      root: webDist!,
      index: ['index.html'],
      // We set Cache-Control ourselves; send's own would overwrite it.
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A missing file (an old asset, a typo'd image) is a 404, not the app's HTML.
    if (pathname.startsWith('/api/') || pathname === '/api' || /\.[a-z0-9]+$/i.test(pathname) || !hasSpa || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new DomainError('NOT_FOUND', MSG.notFound);
    }
    return sendIndex!(request, reply);
  });
}
