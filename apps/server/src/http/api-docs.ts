import crypto from 'node:crypto';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { API, ENDPOINTS, openApiDocument } from '@souq/shared';
import { routeOf, typed } from './contract-routes.js';

export const API_DOCS_PREFIX = '/api/docs';

/** The reference page's policy: its inline start-up script by hash, Scalar's injected styles, nothing from elsewhere. */
function docsPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${crypto.createHash('sha256').update(body!).digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the contract, built once; and
 * `GET /api/docs/`: Scalar's reference of it, its script served from npm by this server.
 */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  const document = JSON.stringify(openApiDocument(ENDPOINTS, { version: '1.0.0', serverUrl: publicUrl }));
  typed(app).route({
    ...routeOf(API.system.openapi),
    handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(document),
  });

  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) reply.header('content-security-policy', docsPolicy(payload));
      return payload;
    });
    await docs.register(scalar, {
      routePrefix: API_DOCS_PREFIX,
      // Nothing that calls Scalar's services (fonts, telemetry, the AI agent, MCP): the policy would refuse them anyway.
      configuration: { url: '/api/openapi.json', withDefaultFonts: false, hideClientButton: true, telemetry: false, agent: { disabled: true }, mcp: { disabled: true }, showDeveloperTools: 'never' },
    });
  });
}
