import crypto from 'node:crypto';
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import {
  cleanText,
  emailAddress,
  MSG,
  type AuditLog,
  type Locale,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type SessionUser,
  type TokenInput,
} from '@souq/shared';
import type { Mailer } from '../../adapters/mail/index.js';
import { isUniqueViolation } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { AfterAnswer } from '../../lib/after-answer.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { chosenLocale, recipientLocale } from '../../lib/locale.js';
import { passwordResetMail, verificationMail } from './emails.js';
import * as q from './queries.js';
import * as staff from './staff.js';
import { suspensionOf } from '../../lib/suspension.js';
import type { StaffActionEntry } from './staff.js';
import { burnPasswordCheck, hashPassword, hashSecret, newSecret, verifyPassword } from './secrets.js';

const HOUR = 3600_000;
const VERIFY_TTL = 24 * HOUR;
const RESET_TTL = HOUR;

/** What a service writes its failures to: the app's logger, or the request's (which adds its id). */
type RequestLog = { error(obj: unknown, msg: string): void };

export interface AccountsDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  publicUrl: string;
  sessionDays: number;
  clock: Clock;
  log: RequestLog;
  afterAnswer: AfterAnswer;
  /** A picture's browser URL from its stored key (media service): rows keep keys, answers URLs. */
  avatarUrl: (key: string | null) => string;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export function toSessionUser(row: UserRow, avatarUrl: AccountsDeps['avatarUrl'], now: string): SessionUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    displayName: row.display_name,
    emailVerified: row.email_verified_at !== null,
    profilePic: avatarUrl(row.avatar_key),
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
    locale: chosenLocale(row.locale),
    staff: row.staff === 1,
    suspension: suspensionOf(row, now),
  };
}

const AUDIT_PAGE = 50;

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: AccountsDeps) {
  const { db, mailer } = deps;
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

  async function issueEmailToken(user: UserRow, purpose: 'verify' | 'reset'): Promise<string> {
    const { token, hash } = newSecret();
    if (purpose === 'reset') await q.deleteUnusedEmailTokens(db, user.id, 'reset');
    await q.insertEmailToken(db, {
      token_hash: hash,
      user_id: user.id,
      purpose,
      created_at: iso(),
      expires_at: iso(purpose === 'verify' ? VERIFY_TTL : RESET_TTL),
    });
    return token;
  }

  async function sendVerification(user: UserRow): Promise<void> {
    const token = await issueEmailToken(user, 'verify');
    const link = `${deps.publicUrl}/verify-email?token=${token}`;
    await mailer.send(verificationMail(user.email, user.username, link, recipientLocale(user.locale)));
  }

  async function conflictFields(email: string, username: string) {
    const fields: Record<string, string> = {};
    if (await q.findUserByEmail(db, email)) fields.email = MSG.emailTaken;
    if (await q.usernameExists(db, username)) fields.username = MSG.usernameTaken;
    return fields;
  }

  function throwConflict(fields: Record<string, string>): never {
    throw new DomainError('CONFLICT', fields.email ?? fields.username ?? MSG.emailTaken, fields);
  }

  /** Creates the user record: every account starts with the default picture and zero counts. */
  async function createAccount(
    input: {
      email: string;
      username: string;
      phone: string | null;
      passwordHash: string | null;
      googleSub?: string;
      displayName?: string | null;
      locale?: Locale | null;
    },
    verified: boolean,
  ): Promise<UserRow> {
    const row: UserRow = {
      id: crypto.randomUUID(),
      email: input.email,
      password_hash: input.passwordHash,
      username: input.username,
      display_name: input.displayName ?? null,
      phone: input.phone,
      // No picture yet: the default avatar.
      avatar_key: null,
      bio: '',
      // Opt-in: the sign-in email is private unless the user publishes a contact address.
      contact_email: null,
      posts_count: 0,
      followers_count: 0,
      following_count: 0,
      google_sub: input.googleSub ?? null,
      email_verified_at: verified ? iso() : null,
      created_at: iso(),
      locale: input.locale ?? null,
      staff: 0,
      suspended_until: null,
      suspended_reason: null,
      bidding_suspended_until: null,
      erased_at: null,
    };
    try {
      await q.insertUser(db, row);
    } catch (error) {
      // Two sign-ups raced past the pre-check: the unique index decides, with the same message.
      if (isUniqueViolation(error)) throwConflict(await conflictFields(input.email, input.username));
      throw error;
    }
    return row;
  }

  return {
    toSessionUser: (row: UserRow) => toSessionUser(row, deps.avatarUrl, iso()),

    /** `log`: the request's logger, so a failure's line carries the request id (ADR 0029). */
    /** `locale`: the language the person signed up in, kept for their mail and notifications. */
    async register(input: RegisterInput, userAgent?: string, log: RequestLog = deps.log, locale: Locale | null = null) {
      const conflicts = await conflictFields(input.email, input.username);
      if (Object.keys(conflicts).length) throwConflict(conflicts);
      const passwordHash = await hashPassword(input.password);
      const user = await createAccount(
        { email: input.email, username: input.username, phone: input.phone, passwordHash, locale },
        false,
      );
      const session = await createSession(user.id, userAgent);
      let verificationSent = true;
      try {
        await sendVerification(user);
      } catch (error) {
        verificationSent = false;
        log.error({ err: error }, 'verification mail failed after sign-up');
      }
      return { user: toSessionUser(user, deps.avatarUrl, iso()), session, verificationSent };
    },

    /** For seeding and tests: an account without a session or a mail. */
    async createAccountDirectly(input: {
      email: string;
      username: string;
      phone: string;
      password: string;
      verified: boolean;
      locale?: Locale | null;
    }) {
      const passwordHash = await hashPassword(input.password);
      return createAccount({ ...input, passwordHash }, input.verified);
    },

    async login(input: LoginInput, userAgent?: string) {
      const user = await q.findUserByEmail(db, input.email);
      if (!user) {
        await burnPasswordCheck(input.password);
        throw new DomainError('INVALID_CREDENTIALS', MSG.invalidCredentials);
      }
      if (!user.password_hash) throw new DomainError('INVALID_CREDENTIALS', MSG.passwordLoginUnavailable);
      if (!(await verifyPassword(user.password_hash, input.password))) {
        throw new DomainError('INVALID_CREDENTIALS', MSG.invalidCredentials);
      }
      return { user: toSessionUser(user, deps.avatarUrl, iso()), session: await createSession(user.id, userAgent) };
    },

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

    async resendVerification(user: UserRow, log: RequestLog = deps.log) {
      if (user.email_verified_at) return { alreadyVerified: true };
      try {
        await sendVerification(user);
      } catch (error) {
        log.error({ err: error }, 'verification mail failed');
        throw new DomainError('SERVICE_UNAVAILABLE', MSG.verificationSendFailed);
      }
      return { alreadyVerified: false };
    },

    async verifyEmail({ token }: TokenInput) {
      const user = await db.transaction().execute(async (trx) => {
        const userId = await q.consumeEmailToken(trx, hashSecret(token), 'verify', iso());
        if (!userId) return undefined;
        await q.markEmailVerified(trx, userId, iso());
        return q.findUserById(trx, userId);
      });
      if (!user) throw new DomainError('TOKEN_INVALID', MSG.tokenInvalid);
      return toSessionUser(user, deps.avatarUrl, iso());
    },

    /**
     * The answer must not tell whether the account exists, by its words or by its time: everything
     * that depends on it (the lookup, the token, the mail) happens after the answer.
     */
    async requestPasswordReset({ email }: ForgotPasswordInput) {
      deps.afterAnswer.run(async () => {
        const user = await q.findUserByEmail(db, email);
        if (!user) return;
        const token = await issueEmailToken(user, 'reset');
        const link = `${deps.publicUrl}/reset-password?token=${token}`;
        await mailer.send(passwordResetMail(user.email, user.username, link, recipientLocale(user.locale)));
      });
    },

    async resetPassword(input: ResetPasswordInput) {
      const passwordHash = await hashPassword(input.password);
      const done = await db.transaction().execute(async (trx) => {
        const userId = await q.consumeEmailToken(trx, hashSecret(input.token), 'reset', iso());
        if (!userId) return false;
        await q.setPasswordHash(trx, userId, passwordHash);
        // Whoever holds the link controls the inbox, so the email is proven too.
        await q.markEmailVerified(trx, userId, iso());
        await q.deleteUserSessions(trx, userId);
        return true;
      });
      if (!done) throw new DomainError('TOKEN_INVALID', MSG.tokenInvalid);
    },

    async changePassword(user: UserRow, currentSessionToken: string, input: ChangePasswordInput) {
      if (user.password_hash && !(await verifyPassword(user.password_hash, input.currentPassword))) {
        throw new DomainError('VALIDATION_FAILED', MSG.currentPasswordWrong, {
          currentPassword: MSG.currentPasswordWrong,
        });
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await q.setPasswordHash(trx, user.id, passwordHash);
        await q.deleteUserSessions(trx, user.id, hashSecret(currentSessionToken));
      });
    },

    /** Federated sign-in: a user record is created only if none exists yet. */
    async signInWithOidc(
      claims: { sub: string; email?: string; emailVerified: boolean; name?: string },
      userAgent?: string,
      locale: Locale | null = null,
    ) {
      // OpenID Connect caps `sub` at 255 ASCII characters, the size of our column.
      if (!/^[\x21-\x7e]{1,255}$/.test(claims.sub)) throw new DomainError('VALIDATION_FAILED', MSG.googleFailed);
      let user = await q.findUserByGoogleSub(db, claims.sub);
      if (!user) {
        // The provider's word is still input: an address we could not store or send to is refused.
        const parsedEmail = emailAddress(MSG.googleFailed, MSG.googleFailed).safeParse(claims.email);
        if (!parsedEmail.success) throw new DomainError('VALIDATION_FAILED', MSG.googleFailed);
        const email = parsedEmail.data;
        const existing = await q.findUserByEmail(db, email);
        if (existing) {
          // Linking to an account someone else may own is only safe when the provider vouches for the address.
          if (!claims.emailVerified) throw new DomainError('CONFLICT', MSG.googleEmailUnverified);
          await q.linkGoogleAccount(db, existing.id, claims.sub);
          await q.markEmailVerified(db, existing.id, iso());
          user = await q.findUserById(db, existing.id);
        } else {
          const displayName = claims.name ? cleanText(claims.name, 100) || null : null;
          user = await createAccount(
            {
              email,
              username: await freeUsername(displayName ?? email.split('@')[0]!),
              phone: null,
              passwordHash: null,
              googleSub: claims.sub,
              displayName,
              locale,
            },
            claims.emailVerified,
          );
        }
      }
      if (!user) throw new DomainError('INTERNAL', MSG.googleFailed);
      return { user: toSessionUser(user, deps.avatarUrl, iso()), session: await createSession(user.id, userAgent) };
    },

    async removeExpired() {
      await q.deleteExpiredSessions(db, iso());
      await q.deleteExpiredOidcStates(db, iso());
    },

    /**
     * Whether `password` is this account's (issue 45: deleting an account is confirmed with it).
     * An account without a password (Google only) never matches; the check still takes its time.
     */
    async passwordMatches(user: UserRow, password: string): Promise<boolean> {
      if (!user.password_hash) {
        await burnPasswordCheck(password);
        return false;
      }
      return verifyPassword(user.password_hash, password);
    },

    /** The account's language, for its mail and notifications from now on. */
    async setLocale(user: UserRow, locale: Locale): Promise<void> {
      await q.setLocale(db, user.id, locale);
    },

    countUsers: () => q.countUsers(db),

    /** The user as of now: a socket reads it per message, so a verification or a rename shows at once. */
    userById: (id: string) => q.findUserById(db, id),

    isUsernameTaken: (username: string, exceptUserId?: string) => q.usernameExists(db, username, exceptUserId),

    /** Where to mail people (their sign-in address, the name to greet, their language), read with the caller's writes. */
    contactsOf: (runner: Kysely<DB>, userIds: string[]) => q.contactsOf(runner, userIds),

    /** Appends to the staff audit log, in the caller's transaction (issue 31). */
    recordStaffAction: (runner: Kysely<DB>, entry: StaffActionEntry) => staff.recordStaffAction(runner, entry, iso()),

    /**
     * Staff (issue 31): suspends an account until a time, in the caller's transaction, and ends
     * every session it has. False when there is no such account, or it is staff.
     */
    async suspend(trx: Kysely<DB>, userId: string, until: string, reason: string): Promise<boolean> {
      if (!(await staff.setSuspension(trx, userId, { until, reason }))) return false;
      await q.deleteUserSessions(trx, userId);
      return true;
    },

    /** Ends a suspension now; false when the account was not suspended. */
    unsuspend: (trx: Kysely<DB>, userId: string) => staff.setSuspension(trx, userId, null, iso()),
    /** What a person's unpaid-win strikes add up to (auctions works it out; ADR 0037): only ever later. */
    raiseBiddingSuspension: (runner: Kysely<DB>, userId: string, until: string) =>
      q.raiseBiddingSuspension(runner, userId, until),

    /** The staff audit log, newest first, 50 a page; `before` is the previous page's `next`. */
    async auditLog(before?: string): Promise<AuditLog> {
      const [createdAt, id] = before?.split('|') ?? [];
      const rows = await staff.staffActions(db, AUDIT_PAGE + 1, createdAt && id ? { createdAt, id } : undefined);
      const page = rows.slice(0, AUDIT_PAGE);
      const last = page.at(-1);
      return {
        actions: page.map((r) => ({
          id: r.id,
          staff: r.staff_username,
          action: r.action,
          targetKind: r.target_kind,
          targetId: r.target_id,
          reason: r.reason,
          createdAt: r.created_at,
        })),
        next: rows.length > AUDIT_PAGE && last ? `${last.created_at}|${last.id}` : null,
      };
    },
  };

  /** A username from the provider's name that satisfies our rules and is not taken. */
  async function freeUsername(name: string): Promise<string> {
    const base = (
      name
        .normalize('NFKD')
        .replace(/[^\p{L}\p{N}._-]+/gu, '')
        .slice(0, 24) || 'user'
    ).padEnd(3, '0');
    for (let i = 0; i < 20; i++) {
      const candidate = i === 0 ? base : `${base}${crypto.randomInt(100, 100000)}`;
      if (!(await q.usernameExists(db, candidate))) return candidate;
    }
    return `user${crypto.randomBytes(6).toString('hex')}`;
  }
}
