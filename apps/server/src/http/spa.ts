import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@souq/shared';
import { AppError } from './errors.js';

function cacheControlFor(filePath: string): string {
  // Vite fingerprints everything under assets/, so it can be cached for good.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  // index.html names the current asset hashes, so it must be revalidated on every visit.
  if (filePath.endsWith('index.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Serves the built web app; any path that is not a file gets index.html, except under /api. */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  if (hasSpa) {
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
      throw new AppError('NOT_FOUND', MSG.notFound);
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
