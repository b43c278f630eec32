import {
  DELETION_BLOCKERS,
  MSG,
  type DataExport,
  type DeleteAccountInput,
  type DeletionBlocker,
  type PrivacyStatus,
  type StaffDataRightsInput,
} from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { createDataExports, toExport } from './data-exports.js';
import type { PrivacyDeps } from './deps.js';
import { createErasure } from './erasure.js';
import * as q from './queries.js';

export type { PrivacyPorts } from './deps.js';

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/**
 * Data rights (UAE Federal Decree-Law 45/2021 arts. 13–15; issue 45, ADR 0046): a person's export
 * of everything Souq keeps about them, built by a job and downloaded by them alone for 7 days; and
 * the erasure of their account once nothing is still owed to or by anyone. Staff may do either for
 * someone who asks by email; each of those is written to the audit log, as is every erasure.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, clock, ports } = deps;
  const { requestExport, buildPending, download } = createDataExports(deps);
  const erase = createErasure(deps);

  async function blockers(userId: string): Promise<DeletionBlocker[]> {
    const found = await q.blockersOf(db, userId);
    return DELETION_BLOCKERS.filter((b) => found[b]);
  }

  async function personByEmail(email: string): Promise<UserRow> {
    const user = await q.userByEmail(db, email);
    if (!user || user.erased_at) throw new DomainError('NOT_FOUND', MSG.dataRightsNoAccount);
    return user;
  }

  return {
    async status(user: UserRow): Promise<PrivacyStatus> {
      const latest = await q.latestExport(db, user.id, clock.iso());
      return { export: latest ? toExport(latest) : null, blockers: await blockers(user.id) };
    },

    requestExport: (user: UserRow): Promise<DataExport> => requestExport(user.id, user.id),

    download,

    /** The person's own erasure: their password, or for a Google-only account their email, typed again. */
    async deleteAccount(user: UserRow, input: DeleteAccountInput): Promise<void> {
      if (user.password_hash) {
        if (!(await ports.accounts.passwordMatches(user, input.confirmation)))
          throw new DomainError('VALIDATION_FAILED', MSG.deletePasswordWrong, {
            confirmation: MSG.deletePasswordWrong,
          });
      } else if (input.confirmation.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new DomainError('VALIDATION_FAILED', MSG.deleteEmailMismatch, { confirmation: MSG.deleteEmailMismatch });
      }
      await erase(user, { staffId: user.id, reason: 'Deleted by the account holder in Settings' });
    },

    /** Staff, for a person who asked by email: the link goes to the person's own address, never to staff. */
    async staffExport(staff: UserRow, input: StaffDataRightsInput): Promise<DataExport> {
      const person = await personByEmail(input.email);
      const made = await requestExport(person.id, staff.id);
      await ports.accounts.recordStaffAction(db, {
        staffId: staff.id,
        action: 'export_data',
        targetKind: 'user',
        targetId: person.id,
        reason: input.reason,
      });
      return made;
    },

    async staffErase(staff: UserRow, input: StaffDataRightsInput): Promise<void> {
      await erase(await personByEmail(input.email), { staffId: staff.id, reason: input.reason });
    },

    buildPending,

    /** Every export file a row still names, for the orphan sweep. */
    referencedUploads: () => q.allExportKeys(db),
  };
}
