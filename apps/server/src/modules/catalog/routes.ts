import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, ProductDetailSchema, ProductPageSchema, type ProductDetail } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { notFoundAs } from '../../http/id-params.js';
import { PRODUCT_FORM, filesOf, readMultipart, uploadRoutes } from '../../http/multipart.js';
import { serializedAs } from '../../http/response-schema.js';
import { SHARED_ANSWER, SHARED_WHEN_SIGNED_OUT } from '../../http/shared-answers.js';
import { requireUser, requireVerifiedUser } from '../../http/session.js';
import type { CatalogService } from './service.js';

type ProductParams = { Params: { id: string } };

/** The product page joins the catalog's answer with the reviews module's "reviewed by me". */
export function catalogRoutes(catalog: CatalogService, reviewedBy: (productId: string, user: UserRow | null) => Promise<boolean>) {
  const productPage = async (request: FastifyRequest, id: string): Promise<ProductDetail> => {
    const [detail, reviewedByMe] = await Promise.all([catalog.detail(request.currentUser, id), reviewedBy(id, request.currentUser)]);
    return Object.assign(detail, { reviewedByMe });
  };

  const productRoute = notFoundAs(MSG.productNotFound);
  const product = { ...serializedAs(ProductDetailSchema), ...productRoute };
  // Pages of products are the same for every reader; a product page only for those signed out.
  const sharedPage = { ...serializedAs(ProductPageSchema), ...SHARED_ANSWER };
  const sharedProduct = { ...product, config: { ...product.config, ...SHARED_WHEN_SIGNED_OUT.config } };

  return async function routes(app: FastifyInstance) {
    app.get('/api/products', sharedPage, async (request) => catalog.list(request.query));
    app.get('/api/search', sharedPage, async (request) => catalog.search(request.query));
    app.get<ProductParams>('/api/products/:id', sharedProduct, async (request) => productPage(request, request.params.id));

    await uploadRoutes(app, (uploads) => {
      uploads.post('/api/products', async (request, reply) => {
        const user = requireVerifiedUser(request);
        const body = await readMultipart(request, PRODUCT_FORM);
        const images = filesOf(body, 'images').map((f) => f.path);
        const created = await catalog.create(user, body.fields, { images, invoice: filesOf(body, 'invoice')[0]?.path });
        return reply.status(201).send(created);
      });
    });

    app.put<ProductParams>('/api/products/:id', product, async (request) => {
      await catalog.update(requireVerifiedUser(request), request.params.id, request.body);
      return productPage(request, request.params.id);
    });

    app.delete<ProductParams>('/api/products/:id', productRoute, async (request) => {
      await catalog.remove(requireVerifiedUser(request), request.params.id);
      return { ok: true };
    });

    app.put<ProductParams>('/api/products/:id/like', productRoute, async (request) => catalog.like(requireUser(request), request.params.id));
    app.delete<ProductParams>('/api/products/:id/like', productRoute, async (request) => catalog.unlike(requireUser(request), request.params.id));

    app.get<ProductParams>('/api/products/:id/invoice', productRoute, async (request, reply) => {
      const file = await catalog.invoice(requireUser(request), request.params.id);
      return reply.type(file.contentType).header('cache-control', 'private, no-store').header('content-disposition', 'inline').header('content-length', file.size).send(file.body);
    });
  };
}
