import crypto from 'node:crypto';
import { cleanText, emailAddress, MSG, type Locale, type LoginInput, type RegisterInput } from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import * as q from './queries.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './secrets.js';

import type { Sessions } from './sessions.js';
import { toSessionUser, type AccountsDeps, type RequestLog } from './deps.js';

async function conflictFields(db: Kysely<DB>, email: string, username: string) {
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
  { db, clock }: Pick<AccountsDeps, 'db' | 'clock'>,
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
    email_verified_at: verified ? clock.iso() : null,
    created_at: clock.iso(),
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
    if (isUniqueViolation(error)) throwConflict(await conflictFields(db, input.email, input.username));
    throw error;
  }
  return row;
}

/** A username from the provider's name that satisfies our rules and is not taken. */
async function freeUsername(db: Kysely<DB>, name: string): Promise<string> {
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

/** Signing up, with a password or a provider, and signing in with a password. */
export function createSignUp(
  deps: AccountsDeps & {
    createSession: Sessions['createSession'];
    sendVerification: (user: UserRow) => Promise<void>;
  },
) {
  const { db, createSession, sendVerification } = deps;
  const iso = (offsetMs = 0) => deps.clock.iso(offsetMs);

  return {
    /** `log`: the request's logger, so a failure's line carries the request id (ADR 0029). */
    /** `locale`: the language the person signed up in, kept for their mail and notifications. */
    async register(input: RegisterInput, userAgent?: string, log: RequestLog = deps.log, locale: Locale | null = null) {
      const conflicts = await conflictFields(db, input.email, input.username);
      if (Object.keys(conflicts).length) throwConflict(conflicts);
      const passwordHash = await hashPassword(input.password);
      const user = await createAccount(
        deps,
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
      return createAccount(deps, { ...input, passwordHash }, input.verified);
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
            deps,
            {
              email,
              username: await freeUsername(db, displayName ?? email.split('@')[0]!),
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
  };
}
