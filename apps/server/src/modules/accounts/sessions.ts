import DataLoader from 'dataloader';
import { cleanText } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import * as q from './queries.js';
import { hashSecret, newSecret } from './secrets.js';

import { HOUR, type AccountsDeps, type NewSession } from './deps.js';

/** Sessions: made at sign-in, looked up by every signed-in request (in batches), ended one or all at once. */
export function createSessions(deps: AccountsDeps) {
  const { db } = deps;
  const iso = (offsetMs = 0) => deps.clock.iso(offsetMs);
  /**
   * Every signed-in request looks up its session. The lookups of requests that arrive in one turn
   * of the event loop go to the database as one statement: on PostgreSQL each statement is a round
   * trip, and a busy auction brings thousands of signed-in requests a second. Nothing is cached.
   */
  const sessionUsers = new DataLoader<string, UserRow | undefined>(
    async (idHashes) => {
      const users = await q.findSessionUsers(db, idHashes, iso());
      return idHashes.map((idHash) => users.get(idHash));
    },
    { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
  );

  async function createSession(userId: string, userAgent?: string): Promise<NewSession> {
    const { token, hash } = newSecret();
    const expiresAt = new Date(deps.clock.now().getTime() + deps.sessionDays * 24 * HOUR);
    await q.insertSession(db, {
      id_hash: hash,
      user_id: userId,
      created_at: iso(),
      expires_at: expiresAt.toISOString(),
      // A header is whatever the client sent; stored, it must be text that fits its column.
      user_agent: userAgent ? cleanText(userAgent, 300) : null,
    });
    return { token, expiresAt };
  }

  return {
    createSession,
    async userForSessionToken(token: string | undefined): Promise<UserRow | undefined> {
      if (!token || token.length > 100) return undefined;
      return sessionUsers.load(hashSecret(token));
    },

    async logout(token: string | undefined) {
      if (token) await q.deleteSession(db, hashSecret(token));
    },

    async logoutEverywhere(userId: string) {
      await q.deleteUserSessions(db, userId);
    },

    async removeExpired() {
      await q.deleteExpiredSessions(db, iso());
      await q.deleteExpiredOidcStates(db, iso());
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
