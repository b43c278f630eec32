import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import type { OrdersService } from './service.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';

export function ordersRoutes(orders: OrdersService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const C = API.orders;
    app.route({ ...routeOf(C.quote), handler: async (request) => orders.quote(gatedUser(request), request.body) });

    app.route({
      ...routeOf(C.place),
      handler: async (request, reply) => {
        const { order, created } = await orders.place(gatedUser(request), request.body, idempotencyKeyOf(request));
        return reply.status(created ? 201 : 200).send(order);
      },
    });

    app.route({
      ...routeOf(C.address),
      handler: async (request) => orders.completeAddress(gatedUser(request), request.params.id, request.body),
    });

    app.route({ ...routeOf(C.mine), handler: async (request) => orders.ordersOf(gatedUser(request)) });
    app.route({ ...routeOf(C.sales), handler: async (request) => orders.salesOf(gatedUser(request)) });
    app.route({
      ...routeOf(C.moveSale),
      handler: async (request) => orders.moveSale(gatedUser(request), request.params.id, request.body),
    });

    // Issue 32: invoices and credit notes (ADR 0042); the PDF is drawn on each download, never cached.
    app.route({
      ...routeOf(C.documents),
      handler: async (request) => orders.orderDocuments(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.documentPdf),
      handler: async (request, reply) => {
        const { filename, pdf } = await orders.documentPdf(gatedUser(request), request.params.id);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(pdf);
      },
    });

    // Issue 32: the CSV is streamed as it is read (ADR 0041); a download, never kept by a cache.
    for (const [endpoint, side] of [
      [C.ordersCsv, 'buyer'],
      [C.salesCsv, 'seller'],
    ] as const) {
      app.route({
        ...routeOf(endpoint),
        handler: async (request, reply) => {
          const file = orders.csvExport(gatedUser(request), side);
          return reply
            .type('text/csv; charset=utf-8')
            .header('cache-control', 'private, no-store')
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .send(Readable.from(file.chunks));
        },
      });
    }
  };
}
