import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { MSG, type PushSubscriptionInput } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { checkEndpoint, checkKeys } from './push-address.js';
import * as q from './queries.js';

/** The most devices one person gets push messages on; a new one past it drops the oldest. */
export const DEVICES_PER_PERSON = 20;

export interface PushDeps {
  db: Kysely<DB>;
  clock: Clock;
  publicKey: string;
  allowLoopback: boolean;
}

export type PushService = ReturnType<typeof createPushService>;

/** A person's devices that get push messages (issue 48): each tied to the sign-in that made it. */
export function createPushService(deps: PushDeps) {
  const { db, clock } = deps;
  return {
    publicKey: () => ({ publicKey: deps.publicKey }),

    async subscribe(user: UserRow, sessionIdHash: string, input: PushSubscriptionInput): Promise<{ ok: true }> {
      checkEndpoint(input.endpoint, deps.allowLoopback);
      checkKeys(input.keys);
      await db.transaction().execute(async (trx) => {
        await q.upsertSubscription(trx, {
          id: crypto.randomUUID(),
          user_id: user.id,
          session_id_hash: sessionIdHash,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          created_at: clock.iso(),
        });
        await q.dropOldest(trx, user.id, DEVICES_PER_PERSON);
      });
      return { ok: true };
    },

    async isSubscribed(user: UserRow, endpoint: string): Promise<{ subscribed: boolean }> {
      return { subscribed: Boolean(await q.subscriptionOf(db, user.id, endpoint)) };
    },

    async unsubscribe(user: UserRow, endpoint: string): Promise<{ ok: true }> {
      const found = await q.subscriptionOf(db, user.id, endpoint);
      if (!found) throw new DomainError('NOT_FOUND', MSG.pushSubscriptionNotFound);
      await q.deleteSubscription(db, found.id);
      return { ok: true };
    },
  };
}
