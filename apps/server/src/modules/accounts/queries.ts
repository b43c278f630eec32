import type { Kysely, Transaction } from 'kysely';
import { inList, prepared } from '../../db/prepared.js';
import type { DB, EmailTokenPurpose, NewUser, UserRow } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const findUserById = (db: Db, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Db, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserByGoogleSub = (db: Db, sub: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();

export async function usernameExists(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()));
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const contactsOf = (db: Db, userIds: string[]) =>
  userIds.length
    ? db.selectFrom('users').select(['id', 'email', 'username', 'locale']).where('id', 'in', userIds).execute()
    : Promise.resolve([]);

export const countUsers = async (db: Db): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertUser = (db: Db, user: NewUser) => db.insertInto('users').values(user).execute();

export const setLocale = (db: Db, userId: string, locale: string) =>
  db.updateTable('users').set({ locale }).where('id', '=', userId).execute();

export const setPasswordHash = (db: Db, userId: string, hash: string) =>
  db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();

export const markEmailVerified = (db: Db, userId: string, at: string) =>
  db
    .updateTable('users')
    .set({ email_verified_at: at })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();

export const linkGoogleAccount = (db: Db, userId: string, sub: string) =>
  db.updateTable('users').set({ google_sub: sub }).where('id', '=', userId).execute();

// Sessions

export const insertSession = (db: Db, row: DB['sessions']) => db.insertInto('sessions').values(row).execute();

// Every signed-in API request asks this.
const sessionUser = prepared((db, p: { idHash: string; now: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id_hash', '=', p.idHash)
    .where('sessions.expires_at', '>', p.now),
);

// Every signed-in request looks its session up, those arriving together at once: compiled once.
const sessionUsers = prepared((db, p: { idHashes: string[]; now: string }, dialect) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.id_hash as session_id_hash')
    .where(inList(dialect, 'sessions.id_hash', p.idHashes))
    .where('sessions.expires_at', '>', p.now),
);

/** The users of several live sessions, by session: the lookups of requests that arrive together. */
export async function findSessionUsers(
  db: Db,
  idHashes: readonly string[],
  now: string,
): Promise<Map<string, UserRow>> {
  // One session, the usual case on a quiet server.
  if (idHashes.length === 1) {
    const [user] = await sessionUser(db, { idHash: idHashes[0]!, now });
    return new Map(user ? [[idHashes[0]!, user]] : []);
  }
  const rows = await sessionUsers(db, { idHashes: idHashes as string[], now });
  return new Map(rows.map(({ session_id_hash, ...user }) => [session_id_hash, user]));
}

/** Moves a person's bidding suspension's end later, never earlier (strikes only ever add up). */
export async function raiseBiddingSuspension(db: Db, userId: string, until: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ bidding_suspended_until: until })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('bidding_suspended_until', 'is', null), eb('bidding_suspended_until', '<', until)]))
    .execute();
}

export const deleteSession = (db: Db, idHash: string) =>
  db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();

export async function deleteUserSessions(db: Db, userId: string, exceptIdHash?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptIdHash) q = q.where('id_hash', '!=', exceptIdHash);
  await q.execute();
}

export const deleteExpiredSessions = (db: Db, now: string) =>
  db.deleteFrom('sessions').where('expires_at', '<=', now).execute();

// Single-use email tokens

export const insertEmailToken = (db: Db, row: Omit<DB['email_tokens'], 'used_at'>) =>
  db
    .insertInto('email_tokens')
    .values({ ...row, used_at: null })
    .execute();

/** Marks the token used only if it is still usable; returns its user when this call used it. */
export async function consumeEmailToken(
  db: Db,
  hash: string,
  purpose: EmailTokenPurpose,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export const deleteUnusedEmailTokens = (db: Db, userId: string, purpose: EmailTokenPurpose) =>
  db
    .deleteFrom('email_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();

// OpenID Connect sign-in attempts

export const insertOidcState = (db: Db, row: DB['oidc_states']) => db.insertInto('oidc_states').values(row).execute();

export async function takeOidcState(db: Db, stateHash: string, now: string) {
  const row = await db
    .deleteFrom('oidc_states')
    .where('state_hash', '=', stateHash)
    .returning(['nonce', 'code_verifier', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at > now ? row : undefined;
}

export const deleteExpiredOidcStates = (db: Db, now: string) =>
  db.deleteFrom('oidc_states').where('expires_at', '<=', now).execute();
