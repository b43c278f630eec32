import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, MSG, type ProductDetail } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { PRODUCT_FORM, filesOf, readForm, uploadRoutes } from '../../http/multipart.js';
import { SHARED_ANSWER, SHARED_WHEN_SIGNED_OUT } from '../../http/shared-answers.js';
import { sendPrivateFile } from '../../http/private-file.js';
import { gatedUser } from '../../http/session.js';
import type { CatalogService } from './service.js';

const C = API.catalog;

/** The product page joins the catalog's answer with the reviews module's "reviewed by me". */
export function catalogRoutes(
  catalog: CatalogService,
  reviewedBy: (productId: string, user: UserRow | null) => Promise<boolean>,
) {
  const productPage = async (request: FastifyRequest, id: string): Promise<ProductDetail> => {
    const [detail, reviewedByMe] = await Promise.all([
      catalog.detail(request.currentUser, id),
      reviewedBy(id, request.currentUser),
    ]);
    return Object.assign(detail, { reviewedByMe });
  };

  const productRoute = notFoundAs(MSG.productNotFound);
  /** A signed-in reader's own fields of a product page: the kept answer goes out with them (issue 43). */
  const personalFields = (id: string) => async (user: UserRow) => {
    const [fields, reviewedByMe] = await Promise.all([catalog.personalFields(user, id), reviewedBy(id, user)]);
    return fields && Object.assign(fields, { reviewedByMe });
  };
  // Pages of products are the same for every reader; a product page only for those signed out,
  // and, for the signed in, the same but for their own fields.
  const sharedProduct = {
    config: {
      ...productRoute.config,
      ...SHARED_WHEN_SIGNED_OUT.config,
      personalAnswer: {
        fields: (params: unknown) => personalFields((params as { id: string }).id),
        signedOut: { likedByMe: false, reviewedByMe: false, isOwner: false, invoiceUrl: null },
      },
    },
  };

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({ ...routeOf(C.list), ...SHARED_ANSWER, handler: async (request) => catalog.list(request.query) });
    app.route({ ...routeOf(C.search), ...SHARED_ANSWER, handler: async (request) => catalog.search(request.query) });
    app.route({
      ...routeOf(C.detail),
      ...sharedProduct,
      handler: async (request) => productPage(request, request.params.id),
    });

    await uploadRoutes(app, (uploads) => {
      typed(uploads).route({
        ...routeOf(C.create),
        handler: async (request, reply) => {
          const user = gatedUser(request);
          const form = await readForm(request, C.create.form, PRODUCT_FORM);
          const images = filesOf(form, 'images').map((f) => f.path);
          const created = await catalog.create(user, form.fields, {
            images,
            invoice: filesOf(form, 'invoice')[0]?.path,
          });
          return reply.status(201).send(created);
        },
      });
    });

    app.route({
      ...routeOf(C.update),
      ...productRoute,
      handler: async (request) => {
        await catalog.update(gatedUser(request), request.params.id, request.body);
        return productPage(request, request.params.id);
      },
    });

    app.route({
      ...routeOf(C.remove),
      ...productRoute,
      handler: async (request) => {
        await catalog.remove(gatedUser(request), request.params.id);
        return { ok: true as const };
      },
    });

    app.route({
      ...routeOf(C.like),
      ...productRoute,
      handler: async (request) => catalog.like(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.unlike),
      ...productRoute,
      handler: async (request) => catalog.unlike(gatedUser(request), request.params.id),
    });

    app.route({
      ...routeOf(C.invoice),
      ...productRoute,
      handler: async (request, reply) =>
        sendPrivateFile(reply, await catalog.invoice(gatedUser(request), request.params.id)),
    });
  };
}
