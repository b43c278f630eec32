import type { UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { Lru } from '../lib/lru.js';

/** A session's reader is looked up again at least this often, so an expiry is seen within it. */
const SESSION_KEPT_MS = 1_000;
const SESSIONS_KEPT = 10_000;

/**
 * Session tokens' readers, for the session hook and the early path's personal answers (issue 43),
 * kept while nothing has been written since (the data version: a sign-out, a suspension or an edit of the person moves
 * it) and for at most a second. An unknown token is not kept: it goes to Fastify anyway.
 */
export interface KeptSessions {
  (token: string): Promise<UserRow | undefined>;
  /** The token's reader if kept for this data version and still fresh, without looking anything up. */
  peek(token: string, version: string): UserRow | undefined;
}

export function keptSessions(
  dataVersion: (() => string) | undefined,
  clock: Clock,
  lookUp: (token: string) => Promise<UserRow | undefined>,
): KeptSessions {
  // Without a cheap data version (PostgreSQL), nothing can be kept exactly: every token is looked up.
  if (!dataVersion) return Object.assign(lookUp, { peek: () => undefined });
  const kept = new Lru<string, { version: string; at: number; user: UserRow }>(SESSIONS_KEPT);
  const peek = (token: string, version: string) => {
    const hit = kept.get(token);
    return hit && hit.version === version && clock.now().getTime() - hit.at < SESSION_KEPT_MS ? hit.user : undefined;
  };
  const userOf = async (token: string) => {
    const version = dataVersion();
    const known = peek(token, version);
    if (known) return known;
    const now = clock.now().getTime();
    const user = await lookUp(token);
    if (user) kept.set(token, { version, at: now, user });
    return user;
  };
  return Object.assign(userOf, { peek });
}
