import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProductDetail } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { readMultipart } from '../../http/multipart.js';
import { requireUser, requireVerifiedUser } from '../../http/session.js';
import type { CatalogService } from './service.js';

type ProductParams = { Params: { id: string } };

/** The product page joins the catalog's answer with the reviews module's "reviewed by me". */
export function catalogRoutes(catalog: CatalogService, reviewedBy: (productId: string, user: UserRow | null) => Promise<boolean>) {
  const productPage = async (request: FastifyRequest, id: string): Promise<ProductDetail> => {
    const [detail, reviewedByMe] = await Promise.all([catalog.detail(request.currentUser, id), reviewedBy(id, request.currentUser)]);
    return { ...detail, reviewedByMe };
  };

  return async function routes(app: FastifyInstance) {
    app.get('/api/products', async (request) => catalog.list(request.query));
    app.get('/api/search', async (request) => catalog.search(request.query));
    app.get<ProductParams>('/api/products/:id', async (request) => productPage(request, request.params.id));

    app.post('/api/products', async (request, reply) => {
      const user = requireVerifiedUser(request);
      const body = await readMultipart(request);
      return reply.status(201).send(await catalog.create(user, body));
    });

    app.put<ProductParams>('/api/products/:id', async (request) => {
      await catalog.update(requireVerifiedUser(request), request.params.id, request.body);
      return productPage(request, request.params.id);
    });

    app.delete<ProductParams>('/api/products/:id', async (request) => {
      await catalog.remove(requireVerifiedUser(request), request.params.id);
      return { ok: true };
    });

    app.put<ProductParams>('/api/products/:id/like', async (request) => catalog.like(requireUser(request), request.params.id));
    app.delete<ProductParams>('/api/products/:id/like', async (request) => catalog.unlike(requireUser(request), request.params.id));

    app.get<ProductParams>('/api/products/:id/invoice', async (request, reply) => {
      const file = await catalog.invoice(requireUser(request), request.params.id);
      return reply.type(file.contentType).header('cache-control', 'private, no-store').header('content-disposition', 'inline').send(file.data);
    });
  };
}
