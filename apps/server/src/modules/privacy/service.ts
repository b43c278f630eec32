import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DATA_EXPORT_DAYS,
  DELETION_BLOCKERS,
  DELETION_BLOCKER_MESSAGES,
  ERASED_USERNAME_PREFIX,
  MSG,
  type DataExport,
  type DeleteAccountInput,
  type DeletionBlocker,
  type PrivacyStatus,
  type StaffDataRightsInput,
} from '@souq/shared';
import type { OpenedFile } from '../../adapters/storage/index.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import type { AfterAnswer } from '../../lib/after-answer.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { recipientLocale } from '../../lib/locale.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { MediaService } from '../../media/media-service.js';
import { decodeImageKeys } from '../../media/image-keys.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import { buildZip, exportSections } from './archive.js';
import { exportReadyMail, exportReadyNews, PRIVACY_PATH } from './emails.js';
import * as eq from './erasure-queries.js';
import * as pq from './personal-data-queries.js';
import * as q from './queries.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A build claimed this long ago and not finished died with its instance: it is claimed again. */
const STALE_CLAIM_MS = 15 * MINUTE;
/** A second ask within this time gets the export already asked for. */
const ASK_AGAIN_MS = 60 * MINUTE;
/** Exports built per run of the job, one after another: each holds its photos in memory while it is zipped. */
const BUILDS_PER_RUN = 5;

export interface PrivacyPorts {
  accounts: Pick<AccountsPort, 'passwordMatches' | 'recordStaffAction'>;
  notifications: Pick<NotificationsPort, 'notify'>;
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/**
 * Data rights (UAE Federal Decree-Law 45/2021 arts. 13–15; issue 45, ADR 0046): a person's export
 * of everything Souq keeps about them, built by a job and downloaded by them alone for 7 days; and
 * the erasure of their account once nothing is still owed to or by anyone. Staff may do either for
 * someone who asks by email; each of those is written to the audit log, as is every erasure.
 */
export function createPrivacyService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  media: Pick<MediaService, 'readImage' | 'storePrivateFile' | 'openPrivate' | 'removeFile' | 'removeImages'>;
  mailLater: MailLater;
  afterAnswer: AfterAnswer;
  publicUrl: string;
  log: { warn(obj: unknown, msg: string): void };
  ports: PrivacyPorts;
}) {
  const { db, clock, media, ports } = deps;

  const toExport = (row: DB['data_exports']): DataExport => ({
    id: row.id,
    status: row.status,
    requestedAt: row.created_at,
    expiresAt: row.expires_at,
    downloadUrl: row.status === 'ready' ? `/api/me/data-export/${row.id}` : null,
  });

  async function blockers(userId: string): Promise<DeletionBlocker[]> {
    const found = await q.blockersOf(db, userId);
    return DELETION_BLOCKERS.filter((b) => found[b]);
  }

  async function requestExport(userId: string, requestedBy: string): Promise<DataExport> {
    const now = clock.iso();
    const latest = await q.latestExport(db, userId, now);
    if (latest && (latest.status === 'pending' || Date.parse(latest.created_at) > clock.now().getTime() - ASK_AGAIN_MS))
      return toExport(latest);
    const row: DB['data_exports'] = {
      id: crypto.randomUUID(),
      user_id: userId,
      requested_by: requestedBy,
      status: 'pending',
      storage_key: null,
      bytes: null,
      created_at: now,
      claimed_at: null,
      ready_at: null,
      expires_at: null,
    };
    await q.insertExport(db, row);
    // Built off the request path; the job catches up with any this misses (a restart, a failure).
    deps.afterAnswer.run(() => buildPending().then(() => undefined));
    return toExport(row);
  }

  /** Builds one claimed export: reads, zips, stores, then marks it ready and tells its owner. */
  async function build(id: string, userId: string, claimedAt: string): Promise<void> {
    const data = await pq.personalData(db, userId);
    if (!data) return;
    const { sections, photos } = exportSections(data);
    const files: Array<{ path: string; data: Buffer }> = [];
    for (const p of photos) {
      const bytes = await media.readImage(p.key);
      if (bytes) files.push({ path: p.path, data: bytes });
    }
    const locale = recipientLocale(data.user.locale);
    const zip = buildZip(sections, files, locale, clock.iso());
    const key = await media.storePrivateFile('exports', zip, 'zip');
    const readyAt = clock.iso();
    const expiresAt = clock.iso(DATA_EXPORT_DAYS * DAY);
    const marked = await withAfterCommit((onCommit) =>
      db.transaction().execute(async (trx) => {
        if (!(await q.markExportReady(trx, id, claimedAt, { key, bytes: zip.length, readyAt, expiresAt })))
          return false;
        await ports.notifications.notify(trx, onCommit, [
          { userId, kind: 'data_export', subject: id, ...exportReadyNews(locale), link: PRIVACY_PATH },
        ]);
        deps.mailLater(onCommit, exportReadyMail(deps.publicUrl, data.user.email, data.user.username, locale));
        return true;
      }),
    );
    // Another instance finished it first (its claim went stale under us): ours is not needed.
    if (!marked) await media.removeFile(key);
  }

  /** The job: builds what is waiting, then lets go of what has expired. Answers how many it built. */
  async function buildPending(): Promise<number> {
    const stale = clock.iso(-STALE_CLAIM_MS);
    let built = 0;
    for (const row of await q.pendingExports(db, stale, BUILDS_PER_RUN)) {
      const claimedAt = clock.iso();
      if (!(await q.claimExport(db, row.id, claimedAt, stale))) continue;
      try {
        await build(row.id, row.user_id, claimedAt);
        built++;
      } catch (error) {
        deps.log.warn({ err: error, export: row.id }, 'data export failed');
        await q.markExportFailed(db, row.id);
      }
    }
    const expired = await q.expiredExports(db, clock.iso(), 100);
    for (const e of expired) await media.removeFile(e.storage_key);
    await q.deleteExports(
      db,
      expired.map((e) => e.id),
    );
    return built;
  }

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

    /** The owner's export, while it lasts; anyone else's id is "not found", never "forbidden". */
    async download(user: UserRow, id: string): Promise<{ file: OpenedFile; filename: string }> {
      const row = await q.exportOf(db, id, user.id);
      if (!row || row.status !== 'ready' || !row.storage_key || !row.expires_at || row.expires_at <= clock.iso())
        throw new DomainError('NOT_FOUND', MSG.dataExportNotFound);
      const file = await media.openPrivate(row.storage_key);
      if (!file) throw new DomainError('NOT_FOUND', MSG.dataExportNotFound);
      return { file, filename: `souq-data-${row.created_at.slice(0, 10)}.zip` };
    },

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
