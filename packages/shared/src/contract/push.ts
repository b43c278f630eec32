import {
  PushKeySchema,
  PushSubscriptionInputSchema,
  PushSubscriptionStateSchema,
  PushUnsubscribeSchema,
} from '../api/push.js';
import { OkSchema, endpoint } from './endpoint.js';

const tag = 'Notifications';

/** This device's push messages (issue 48). */
export const push = {
  key: endpoint({
    method: 'GET',
    path: '/api/push/key',
    summary: "The server's VAPID public key",
    description:
      'The application server key (RFC 8292) a browser subscribes with: the uncompressed P-256 public key, base64url.',
    tag,
    access: 'public',
    responses: { 200: PushKeySchema },
    errors: [],
  }),
  state: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions/state',
    summary: 'Whether this device gets push messages',
    description:
      "Given this browser's push address, whether Souq sends to it for the person signed in here. A POST, so the address stays out of logs and caches.",
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: PushUnsubscribeSchema,
    responses: { 200: PushSubscriptionStateSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    summary: 'Get push messages on this device',
    description:
      "Keeps this browser's push subscription (`PushSubscription.toJSON()`) for the person signed in, tied to this sign-in: signing out here stops it. The address must be an https push service and the keys a P-256 point and a 16-byte secret (400 otherwise). A person keeps at most 20 devices; a 21st drops the oldest. The same address again is updated, never doubled.",
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: PushSubscriptionInputSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
    example: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    summary: 'Stop push messages on this device',
    description: "Forgets this browser's push subscription, given its address. One that is not mine is 404.",
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: PushUnsubscribeSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
  }),
};
