import {
  MSG,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type ResetPasswordInput,
  type TokenInput,
} from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { recipientLocale } from '../../lib/locale.js';
import { passwordResetMail, verificationMail } from './emails.js';
import * as q from './queries.js';
import { burnPasswordCheck, hashPassword, hashSecret, newSecret, verifyPassword } from './secrets.js';

import { RESET_TTL, VERIFY_TTL, toSessionUser, type AccountsDeps, type RequestLog } from './deps.js';

/** The email's verification and the password: reset by a mailed link, changed, and checked. */
export function createPasswords(deps: AccountsDeps) {
  const { db, mailer } = deps;
  const iso = (offsetMs = 0) => deps.clock.iso(offsetMs);

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

  return {
    sendVerification,
    members: {
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
    },
  };
}
