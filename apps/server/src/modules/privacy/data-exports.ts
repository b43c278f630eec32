import crypto from 'node:crypto';
import { DATA_EXPORT_DAYS, MSG, type DataExport } from '@souq/shared';
import type { OpenedFile } from '../../adapters/storage/index.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import { DomainError } from '../../lib/errors.js';
import { recipientLocale } from '../../lib/locale.js';
import { buildZip, exportSections } from './archive.js';
import type { PrivacyDeps } from './deps.js';
import { exportReadyMail, exportReadyNews, PRIVACY_PATH } from './emails.js';
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

export const toExport = (row: DB['data_exports']): DataExport => ({
  id: row.id,
  status: row.status,
  requestedAt: row.created_at,
  expiresAt: row.expires_at,
  downloadUrl: row.status === 'ready' ? `/api/me/data-export/${row.id}` : null,
});

/** A person's data export: asked for, built by a job, downloaded by its owner until it expires. */
export function createDataExports(deps: PrivacyDeps) {
  const { db, clock, media, ports } = deps;

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

  return {
    requestExport,
    buildPending,

    /** The owner's export, while it lasts; anyone else's id is "not found", never "forbidden". */
    async download(user: UserRow, id: string): Promise<{ file: OpenedFile; filename: string }> {
      const row = await q.exportOf(db, id, user.id);
      if (!row || row.status !== 'ready' || !row.storage_key || !row.expires_at || row.expires_at <= clock.iso())
        throw new DomainError('NOT_FOUND', MSG.dataExportNotFound);
      const file = await media.openPrivate(row.storage_key);
      if (!file) throw new DomainError('NOT_FOUND', MSG.dataExportNotFound);
      return { file, filename: `souq-data-${row.created_at.slice(0, 10)}.zip` };
    },
  };
}
