import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@souq/shared';
import { API_DOCS_PREFIX } from '../src/http/api-docs.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown[];
        responses: Record<string, unknown>;
        requestBody?: { content: Record<string, { example?: unknown }> };
      }
    >
  >;
  components: {
    schemas: Record<string, { properties: { error: { properties: { code: { enum: string[] } } } } }>;
    securitySchemes: Record<string, unknown>;
  };
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.each(DIALECTS)('the published API (%s)', (dialect) => {
  let t: TestApp;
  let doc: Doc;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('documents every /api route the server registered (the reference page’s own files aside)', () => {
    const api = t.routes.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith(`${API_DOCS_PREFIX}/`),
    );
    expect(api.length).toBeGreaterThan(55);
    const missing = api
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // And nothing documented that the server does not answer.
    const registered = new Set(api.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(documented.filter((d) => !registered.has(d))).toEqual([]);
  });

  it('is OpenAPI 3.1 with the session cookie as its security scheme, the error shape and examples', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'souq_sid' }),
    );
    expect(doc.components.schemas.ApiError!.properties.error.properties.code.enum).toEqual([...ERROR_CODES]);
    const bid = doc.paths['/api/auctions/{id}/bids']!.post!;
    expect(bid.security).toEqual([{ session: [] }]);
    expect(Object.keys(bid.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '422', '429']),
    );
    expect(bid.requestBody!.content['application/json']!.example).toEqual({ amount: 12500, maxAmount: 20000 });
    expect(doc.paths['/api/products']!.post!.requestBody!.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/api/products']!.get!.security).toEqual([{}, { session: [] }]);
  });

  it('names operations after the contract, concepts as components, and the session cookie where it is set', () => {
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods)) as unknown as {
      operationId: string;
      description?: string;
      responses: Record<string, { headers?: Record<string, unknown> }>;
    }[];
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['catalog.detail', 'auctions.placeBid', 'orders.place']));
    expect(ops.filter((o) => !o.description)).toEqual([]);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ProductDetail', 'AuctionDetail', 'BidEntry', 'Order', 'StreamDetail', 'InvoiceRef']),
    );
    const login = doc.paths['/api/auth/login']!.post! as unknown as (typeof ops)[number];
    expect(login.responses['200']!.headers).toHaveProperty('Set-Cookie');
  });

  it('serves a browsable reference whose page and script come from this server, allowed by its policy', async () => {
    const bare = await t.app.inject({ method: 'GET', url: API_DOCS_PREFIX });
    expect(bare.statusCode).toBe(301);
    const page = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    // Nothing from another origin: every script and stylesheet is a relative URL.
    const sources = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source).not.toMatch(/^(https?:)?\/\//);
      const asset = await t.app.inject({
        method: 'GET',
        url: new URL(source, `http://souq.test${API_DOCS_PREFIX}/`).pathname,
      });
      expect(asset.statusCode, source).toBe(200);
      // Named by its content's hash, so a browser keeps it for good; the page is asked for each visit.
      expect(source, 'a hashed name').toMatch(/\.[0-9a-f]{12}\.(js|css)$/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(html).not.toMatch(/https?:\/\/(?!json-schema\.org)[^"'\s]*\.(js|css)/);
    // The page's inline start-up script is allowed by its hash; no other origin is.
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/https?:/);
    expect(html).toContain('/api/openapi.json');
  });
});
