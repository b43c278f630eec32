import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MSG,
  type ReportActionInput,
  type ReportInput,
  type ReportQueue,
  type ReportTarget,
  type RestoreInput,
} from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import * as q from './queries.js';
import type { StaffActions } from './port.js';

/** The most open reports the queue reads at once; staff work through the oldest first. */
const QUEUE_READ = 300;

/** What each action does to which kinds of thing, its name in the audit log, and the report's resolution. */
const ACTIONS = {
  hide: { kinds: ['product', 'auction'], audit: 'hide_listing', resolution: 'hidden' },
  remove: { kinds: ['review', 'message'], audit: 'remove_content', resolution: 'removed' },
  suspend: {
    kinds: ['product', 'auction', 'user', 'review', 'message'],
    audit: 'suspend_account',
    resolution: 'suspended',
  },
  dismiss: {
    kinds: ['product', 'auction', 'user', 'review', 'message'],
    audit: 'dismiss_report',
    resolution: 'dismissed',
  },
} as const satisfies Record<
  ReportActionInput['action'],
  { kinds: readonly ReportTarget[]; audit: string; resolution: string }
>;

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * Reports and what staff do about them (issue 31, ADR 0039). Every action is one transaction: it
 * claims the report (two staff at once: one wins, the other is told it was handled), does what it
 * does through the owning module's port, resolves every other open report on the same thing, and
 * writes the audit log line; events and mail go out once it has committed.
 */
export function createReportsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  /** What an action does to the thing, in the modules that own it (flows/staff-action.ts). */
  staffActions: StaffActions;
}) {
  const { db, clock, staffActions } = deps;

  return {
    /** One report per person per thing (the unique index decides); not of one's own things. */
    async create(user: UserRow, input: ReportInput): Promise<{ id: string }> {
      const owner = await staffActions.ownerOf(input.targetKind, input.targetId);
      if (owner === undefined) throw new DomainError('NOT_FOUND', MSG.reportTargetMissing);
      if (owner === user.id) throw new DomainError('FORBIDDEN', MSG.reportOwn);
      const id = crypto.randomUUID();
      try {
        await q.insertReport(db, {
          id,
          reporter_id: user.id,
          target_kind: input.targetKind,
          target_id: input.targetId,
          reason: input.reason,
          text: input.text ?? '',
          created_at: clock.iso(),
          resolved_at: null,
          resolution: null,
          resolved_by: null,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', MSG.reportDuplicate);
        throw error;
      }
      return { id };
    },

    /** Open reports grouped by the thing reported, the thing in context, the longest-waiting first. */
    async queue(): Promise<ReportQueue> {
      const rows = await q.openReports(db, QUEUE_READ);
      const groups = new Map<string, typeof rows>();
      for (const r of rows) {
        const key = `${r.target_kind} ${r.target_id}`;
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      const things = await staffActions.thingsInContext(
        [...groups.values()].map(([r]) => ({ kind: r!.target_kind as ReportTarget, id: r!.target_id })),
      );
      return {
        groups: [...groups.entries()].map(([key, reports]) => ({
          thing: things.get(key)!,
          reports: reports.map((r) => ({
            id: r.id,
            reporter: r.reporter,
            reason: r.reason as ReportInput['reason'],
            text: r.text,
            createdAt: r.created_at,
          })),
        })),
      };
    },

    /** Staff act on a report; answers how many reports (this one included) it resolved. */
    async act(staff: UserRow, reportId: string, input: ReportActionInput): Promise<{ resolved: number }> {
      const spec = ACTIONS[input.action];
      const now = clock.iso();
      if (input.action === 'suspend' && (!input.until || Date.parse(input.until) <= clock.now().getTime()))
        throw new DomainError('VALIDATION_FAILED', input.until ? MSG.suspendUntilPast : MSG.suspendUntilInvalid, {
          until: input.until ? MSG.suspendUntilPast : MSG.suspendUntilInvalid,
        });
      const report = await q.reportById(db, reportId);
      if (!report) throw new DomainError('NOT_FOUND', MSG.reportNotFound);
      const kind = report.target_kind as ReportTarget;
      if (!(spec.kinds as readonly ReportTarget[]).includes(kind))
        throw new DomainError('VALIDATION_FAILED', MSG.reportActionNotFor);
      // Who answers for the thing never changes, so it is read before the transaction: on SQLite a
      // read outside the transaction would wait for it to end.
      const person = input.action === 'suspend' ? await staffActions.ownerOf(kind, report.target_id) : undefined;
      if (input.action === 'suspend' && !person) throw new DomainError('NOT_FOUND', MSG.reportTargetMissing);
      return withAfterCommit((onCommit) =>
        db.transaction().execute(async (trx) => {
          const resolution = { at: now, resolution: spec.resolution, by: staff.id };
          if (!(await q.claimReport(trx, reportId, resolution)))
            throw new DomainError('CONFLICT', MSG.reportAlreadyHandled);
          await staffActions.act(trx, onCommit, staff.id, spec.audit, {
            action: input.action,
            reportId,
            kind,
            targetId: report.target_id,
            person,
            until: input.until,
            reason: input.reason,
          });
          const others = await q.resolveOpenOn(trx, kind, report.target_id, resolution);
          return { resolved: others + 1 };
        }),
      );
    },

    /** Shows a hidden listing again, or ends a suspension now; in the audit log like every action. */
    async restore(staff: UserRow, input: RestoreInput): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await staffActions.restore(trx, staff.id, input))) throw new DomainError('CONFLICT', MSG.restoreNothing);
      });
    },
  };
}
