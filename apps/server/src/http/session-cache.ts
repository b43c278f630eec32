import type { UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { Lru } from '../lib/lru.js';

/** A session's reader is looked up again at least this often, so an expiry is seen within it. */
const SESSION_KEPT_MS = 1_000;
const SESSIONS_KEPT = 10_000;

/**
 * Session tokens' readers for the early path's personal answers (issue 43), kept while nothing has
 * been written since (the data version: a sign-out, a suspension or an edit of the person moves
 * it) and for at most a second. An unknown token is not kept: it goes to Fastify anyway.
 */
export function keptSessions(
  dataVersion: () => string,
  clock: Clock,
  lookUp: (token: string) => Promise<UserRow | undefined>,
): (token: string) => Promise<UserRow | undefined> {
  const kept = new Lru<string, { version: string; at: number; user: UserRow }>(SESSIONS_KEPT);
  return async (token) => {
    const version = dataVersion();
    const now = clock.now().getTime();
    const hit = kept.get(token);
    if (hit && hit.version === version && now - hit.at < SESSION_KEPT_MS) return hit.user;
    const user = await lookUp(token);
    if (user) kept.set(token, { version, at: now, user });
    return user;
  };
}
