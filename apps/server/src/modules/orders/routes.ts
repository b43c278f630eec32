import type { FastifyInstance } from 'fastify';
import { requireUser, requireVerifiedUser } from '../../http/session.js';
import type { OrdersService } from './service.js';

export function ordersRoutes(orders: OrdersService) {
  return async function routes(app: FastifyInstance) {
    app.post('/api/orders/quote', async (request) => orders.quote(requireUser(request), request.body));

    app.post('/api/orders', async (request, reply) => {
      const { order, created } = await orders.place(requireVerifiedUser(request), request.body);
      return reply.status(created ? 201 : 200).send(order);
    });

    app.post<{ Params: { id: string } }>('/api/orders/:id/address', async (request) => orders.completeAddress(requireVerifiedUser(request), request.params.id, request.body));

    app.get('/api/orders', async (request) => orders.ordersOf(requireUser(request)));
    app.get('/api/sales', async (request) => orders.salesOf(requireUser(request)));
    app.post<{ Params: { id: string } }>('/api/sales/:id/status', async (request) => orders.moveSale(requireVerifiedUser(request), request.params.id, request.body));
  };
}
