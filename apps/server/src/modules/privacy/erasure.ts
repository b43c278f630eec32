import { DELETION_BLOCKERS, DELETION_BLOCKER_MESSAGES, ERASED_USERNAME_PREFIX, MSG } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { decodeImageKeys } from '../../media/image-keys.js';
import type { PrivacyDeps } from './deps.js';
import * as eq from './erasure-queries.js';
import * as q from './queries.js';

export function createErasure({ db, clock, media, ports }: Pick<PrivacyDeps, 'db' | 'clock' | 'media' | 'ports'>) {
  /**
   * Erases an account (see queries.ts `erase`), then removes its files once that has committed.
   * The refusal is decided inside the erasure's transaction, after its first write has claimed the
   * person's row, so two erasures at once are one, and what was open at the check is still seen.
   */
  async function erase(user: UserRow, audit: { staffId: string; reason: string }): Promise<void> {
    if (user.staff === 1) throw new DomainError('FORBIDDEN', MSG.dataRightsStaff);
    const files = await eq.filesOf(db, user.id);
    const compact = user.id.replaceAll('-', '');
    const now = clock.iso();
    await db.transaction().execute(async (trx) => {
      if (!(await eq.claimErasure(trx, user.id, now))) throw new DomainError('NOT_FOUND', MSG.dataRightsNoAccount);
      const found = await q.blockersOf(trx, user.id);
      const refused = DELETION_BLOCKERS.find((b) => found[b]);
      if (refused) throw new DomainError('CONFLICT', DELETION_BLOCKER_MESSAGES[refused]);
      await eq.erase(
        trx,
        user.id,
        { username: `${ERASED_USERNAME_PREFIX}${compact.slice(0, 16)}`, email: `erased-${compact}@erased.invalid` },
        now,
      );
      // The log says that an erasure happened, by whom and on what ground; nothing of what was erased.
      await ports.accounts.recordStaffAction(trx, {
        staffId: audit.staffId,
        action: 'erase_account',
        targetKind: 'user',
        targetId: user.id,
        reason: audit.reason,
      });
    });
    const images = [
      ...(files.user?.avatar_key ? [files.user.avatar_key] : []),
      ...files.products.flatMap((p) => decodeImageKeys(p.images)),
      ...files.auctions.flatMap((a) => decodeImageKeys(a.images)),
      ...files.problems.flatMap((p) => decodeImageKeys(p.photos)),
    ];
    await media.removeImages([...new Set(images)]);
    for (const key of [
      ...files.products.map((p) => p.invoice_key),
      ...files.shows.map((s) => s.cover_key),
      ...files.clips.map((c) => c.storage_key),
      ...files.exports.map((e) => e.storage_key),
    ])
      await media.removeFile(key);
  }

  return erase;
}
