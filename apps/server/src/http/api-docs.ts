import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import * as shared from '@souq/shared';
import { API, ENDPOINTS, MSG, OPERATION_IDS, TAG_DESCRIPTIONS, openApiDocument } from '@souq/shared';
import { z } from 'zod';
import { DomainError } from '../lib/errors.js';
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
 * Scalar's plugin, in a Fastify of its own made at the first visit to the reference: loading it
 * holds about 20 MB of heap (its 4 MB script and what it imports), which a process that nobody
 * asked for the reference need not carry.
 */
async function scalarApp(): Promise<Reference> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const inner = Fastify({ logger: false });
  await inner.register(scalar, {
    routePrefix: API_DOCS_PREFIX,
    // Nothing that calls Scalar's services (fonts, telemetry, the AI agent, MCP): the policy would refuse them anyway.
    configuration: {
      url: '/api/openapi.json',
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
    },
  });
  await inner.ready();
  return withHashedAssets(inner);
}

/** Scalar's reference, its page's scripts and styles renamed by their content's hash. */
interface Reference {
  inner: FastifyInstance;
  /** The page with its asset URLs hashed. */
  page(html: string): string;
  /** The original path of a hashed asset's path, if it is one. */
  assetPath(hashedPath: string): string | undefined;
}

/**
 * Scalar's script is 4 MB under a fixed name: a browser would fetch it again on every visit. Under
 * a name that carries its hash it never changes, so it is sent `immutable` and kept for a year;
 * a new Scalar is a new name. The page itself is always asked for again (`no-cache`).
 */
async function withHashedAssets(inner: FastifyInstance): Promise<Reference> {
  const html = (await inner.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` })).payload;
  const renamed = new Map<string, string>();
  const originals = new Map<string, string>();
  for (const [, source] of html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)) {
    if (!source || /^(?:[a-z]+:)?\/\//i.test(source) || renamed.has(source)) continue;
    const original = new URL(source, `http://souq${API_DOCS_PREFIX}/`).pathname;
    const asset = await inner.inject({ method: 'GET', url: original });
    if (asset.statusCode !== 200) continue;
    const hash = crypto.createHash('sha256').update(asset.rawPayload).digest('hex').slice(0, 12);
    const hashed = source.replace(/(\.[a-z0-9]+)?$/i, (ext) => `.${hash}${ext}`);
    renamed.set(source, hashed);
    originals.set(new URL(hashed, `http://souq${API_DOCS_PREFIX}/`).pathname, original);
  }
  return {
    inner,
    page: (text) =>
      text.replace(/(<(?:script|link)[^>]*(?:src|href)=")([^"]+)(")/g, (all, open, source, close) => {
        const hashed = renamed.get(source);
        return hashed ? `${open}${hashed}${close}` : all;
      }),
    assetPath: (hashedPath) => originals.get(hashedPath),
  };
}

/** Every shared schema by its export's name (`ProductDetailSchema` → ProductDetail): the document's components. */
function sharedSchemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(shared))
    if (name.endsWith('Schema') && value instanceof z.ZodType && !names.has(value))
      names.set(value, name.slice(0, -'Schema'.length));
  return names;
}

/** The document the server publishes, built from the contract. */
export function publishedDocument(publicUrl?: string) {
  return openApiDocument(ENDPOINTS, {
    version: '1.0.0',
    serverUrl: publicUrl,
    operationIds: OPERATION_IDS,
    schemaNames: sharedSchemaNames(),
    tags: TAG_DESCRIPTIONS,
  });
}

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the contract, built once; and
 * `GET /api/docs/`: Scalar's reference of it, its script served from npm by this server.
 */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  const document = JSON.stringify(publishedDocument(publicUrl));
  typed(app).route({
    ...routeOf(API.system.openapi),
    handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(document),
  });

  let reference: Promise<Reference> | undefined;
  app.addHook('onClose', async () => {
    if (reference) await (await reference).inner.close();
  });
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { inner, page, assetPath } = await (reference ??= scalarApp());
    const pathname = request.url.split('?')[0]!;
    const asset = assetPath(pathname);
    const res = await inner.inject({ method: 'GET', url: asset ?? request.url });
    if (res.statusCode === 404) throw new DomainError('NOT_FOUND', MSG.notFound);
    reply.status(res.statusCode);
    for (const name of ['content-type', 'location'] as const) {
      const value = res.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    if (asset) return reply.header('cache-control', 'public, max-age=31536000, immutable').send(res.rawPayload);
    reply.header('cache-control', 'no-cache');
    if (!String(res.headers['content-type']).startsWith('text/html')) return reply.send(res.rawPayload);
    const html = page(res.payload);
    return reply.header('content-security-policy', docsPolicy(html)).send(html);
  };
  typed(app).route({ ...routeOf(API.system.docs), handler: serve });
  app.get(`${API_DOCS_PREFIX}/*`, serve);
}
