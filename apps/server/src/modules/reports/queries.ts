import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const insertReport = (db: Db, row: Insertable<DB['reports']>) => db.insertInto('reports').values(row).execute();

export const reportById = (db: Db, id: string) =>
  db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();

/** The open queue, oldest first, with each reporter's username (reports_open). */
export const openReports = (db: Db, limit: number) =>
  db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .select([
      'reports.id',
      'reports.target_kind',
      'reports.target_id',
      'reports.reason',
      'reports.text',
      'reports.created_at',
      'users.username as reporter',
    ])
    .where('reports.resolved_at', 'is', null)
    .orderBy('reports.created_at')
    .orderBy('reports.id')
    .limit(limit)
    .execute();

export interface Resolution {
  at: string;
  resolution: string;
  by: string;
}

/**
 * Claims one open report for a staff action: a conditional update, so of two staff acting on it
 * at once exactly one changes it (PostgreSQL: the second waits on the row, then finds it
 * resolved; SQLite: one write transaction at a time). True for the one that did.
 */
export async function claimReport(db: Db, id: string, r: Resolution): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ resolved_at: r.at, resolution: r.resolution, resolved_by: r.by })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Acting on a thing resolves every open report on it (reports_target); how many it resolved. */
export async function resolveOpenOn(db: Db, kind: string, targetId: string, r: Resolution): Promise<number> {
  const result = await db
    .updateTable('reports')
    .set({ resolved_at: r.at, resolution: r.resolution, resolved_by: r.by })
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
