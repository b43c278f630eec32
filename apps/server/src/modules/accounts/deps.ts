import type { Kysely } from 'kysely';
import { type SessionUser } from '@souq/shared';
import type { Mailer } from '../../adapters/mail/index.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { AfterAnswer } from '../../lib/after-answer.js';
import type { Clock } from '../../lib/clock.js';
import { chosenLocale } from '../../lib/locale.js';
import { suspensionOf } from '../../lib/suspension.js';

export const HOUR = 3600_000;
export const VERIFY_TTL = 24 * HOUR;
export const RESET_TTL = HOUR;

/** What a service writes its failures to: the app's logger, or the request's (which adds its id). */
export type RequestLog = { error(obj: unknown, msg: string): void };

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
