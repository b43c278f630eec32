import crypto from 'node:crypto';
import type { FulfilmentStatus, Order } from '@souq/shared';
import { call, type TestUser } from './catalog-support.js';
import type { TestApp } from './support.js';

export const ADDRESS = { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12, Villa 4', phone: '0501234567' };
export const HOUR = 3_600_000;

/** A cart order placed through the API, as the checkout does. */
export async function placeOrder(t: TestApp, buyer: TestUser, productIds: string[]): Promise<Order> {
  const res = await call(t, 'POST', '/api/orders', {
    user: buyer,
    headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
    json: {
      lines: productIds.map((productId) => ({ productId, quantity: 1 })),
      address: ADDRESS,
    },
  });
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.body}`);
  return res.json() as Order;
}

/** The seller moves a line along the path given, one step at a time, as the Sales page does. */
export async function moveLine(t: TestApp, seller: TestUser, lineId: string, path: FulfilmentStatus[]): Promise<void> {
  for (let i = 1; i < path.length; i++) {
    const res = await call(t, 'POST', `/api/sales/${lineId}/status`, {
      user: seller,
      json: { from: path[i - 1], status: path[i] },
    });
    if (res.statusCode !== 200) throw new Error(`line not moved to ${path[i]}: ${res.body}`);
  }
}

/** placed → confirmed → shipped → delivered. */
export const DELIVER: FulfilmentStatus[] = ['placed', 'confirmed', 'shipped', 'delivered'];

/** Makes an account staff as `npm run staff:grant` does, without the child process. */
export const makeStaff = (t: TestApp, userId: string) =>
  t.database.db.updateTable('users').set({ staff: 1 }).where('id', '=', userId).execute();

export const notificationsOf = (t: TestApp, userId: string) =>
  t.database.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();
