import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MSG,
  PROBLEM_WINDOW_DAYS,
  type AnswerKind,
  type AnswerProblemInput,
  type DecideProblemInput,
  type Decision,
  type OpenProblemInput,
  type Problem,
  type ProblemKind,
  type ProblemStatus,
} from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { decodeImageKeys, encodeImageKeys, isPrivateImageKey } from '../../media/image-keys.js';
import type { MediaService } from '../../media/media-service.js';
import type { UploadSource } from '../../media/images.js';
import type { AccountsPort } from '../accounts/port.js';
import type { OrdersPort } from '../orders/port.js';
import { ORDERS_PATH, SALES_PATH } from './emails.js';
import * as q from './queries.js';
import { tell, type TellDeps } from './tell.js';

export interface ProblemsDeps extends TellDeps {
  db: Kysely<DB>;
  clock: Clock;
  orders: Pick<OrdersPort, 'buyerLine'>;
  accounts: TellDeps['accounts'] & Pick<AccountsPort, 'recordStaffAction'>;
  media: Pick<
    MediaService,
    'storeImages' | 'removeImages' | 'avatarUrl' | 'filesOfImage' | 'openPrivateImage' | 'privatiseImage'
  >;
  /** How long the seller has to answer (PROBLEM_ANSWER_HOURS). */
  answerMs: number;
}

const DAY_MS = 86_400_000;
/** Escalated problems staff see at once, oldest first. */
const DISPUTES_LIMIT = 100;
/** Problems told about per run; the job runs again at once while there are more. */
const UNANSWERED_BATCH = 100;
/** Problems whose public photos are made private per run (see `privatisePhotos`). */
const PRIVATISE_BATCH = 50;

/** Where the browser asks for a problem's n-th photo; the app checks who asks (contract `problemPhoto`). */
const photoUrl = (problemId: string, n: number) => `/api/problems/${problemId}/photos/${n}`;

export type Problems = ReturnType<typeof createProblems>;

/**
 * Problems on delivered lines (issue 31): the buyer opens one within 7 days of delivery, the seller
 * answers within PROBLEM_ANSWER_HOURS, the buyer escalates if not satisfied (or unanswered in
 * time), and staff decide. Each step is one conditional update, its notice rung in its
 * transaction; a staff decision is written to the audit log in the same transaction.
 */
export function createProblems(deps: ProblemsDeps) {
  const { db, clock, media } = deps;

  const toProblem = (r: q.ProblemRow): Problem => ({
    id: r.id,
    lineId: r.line_id,
    orderId: r.order_id,
    title: r.title,
    buyer: { id: r.buyer_id, username: r.buyer_username, profilePic: media.avatarUrl(r.buyer_avatar) },
    seller: { id: r.seller_id, username: r.seller_username, profilePic: media.avatarUrl(r.seller_avatar) },
    kind: r.kind as ProblemKind,
    text: r.text,
    photos: decodeImageKeys(r.photos).map((_, n) => photoUrl(r.id, n)),
    status: r.status as ProblemStatus,
    answerBy: r.answer_by,
    // Computed on read, like a late line: right to the millisecond whatever the job has done.
    unanswered: r.status === 'open' && r.answer_by < clock.iso(),
    answer:
      r.answer_kind && r.answer_text !== null && r.answered_at
        ? { kind: r.answer_kind as AnswerKind, text: r.answer_text, at: r.answered_at }
        : null,
    escalation: r.escalated_at ? { text: r.escalation_text, at: r.escalated_at } : null,
    decision:
      r.decision && r.decision_reason !== null && r.decided_at
        ? { for: r.decision as Decision, reason: r.decision_reason, at: r.decided_at }
        : null,
    createdAt: r.created_at,
  });

  const mustFind = async (id: string, viewer: UserRow, as: 'buyer' | 'seller') => {
    const row = await q.problemById(db, id);
    if (!row || row[`${as}_id`] !== viewer.id) throw new DomainError('NOT_FOUND', MSG.problemNotFound);
    return row;
  };
  const reread = async (id: string) => toProblem((await q.problemById(db, id))!);

  const untilNextDeadline = async (): Promise<number | void> => {
    const next = (await q.nextAnswerBy(db, clock.iso()))?.next;
    // An answer is late once `answer_by` is behind the clock, so the job wakes 1 ms after it.
    if (next) return Math.max(0, Date.parse(next) - clock.now().getTime()) + 1;
  };

  return {
    /**
     * Tells each buyer whose seller let the answer time pass that Souq staff may now decide. Each
     * problem is claimed with a conditional update in the transaction that rings the bell, so
     * several instances tell a buyer once; the mail goes after the commit. Returns how soon to
     * run again: at once while a full batch was found, else just after the next deadline.
     */
    async tellUnanswered(): Promise<number | void> {
      const due = await q.unansweredUntold(db, clock.iso(), UNANSWERED_BATCH);
      for (const row of due) {
        await withAfterCommit((onCommit) =>
          db.transaction().execute(async (trx) => {
            if (!(await q.markUnansweredTold(trx, row.id, clock.iso()))) return;
            await tell(deps, trx, onCommit, [
              {
                userId: row.buyer_id,
                subject: row.id,
                notice: { kind: 'unanswered', title: row.title, seller: row.seller_username },
                path: ORDERS_PATH,
              },
            ]);
          }),
        );
      }
      return due.length === UNANSWERED_BATCH ? 0 : untilNextDeadline();
    },

    async open(buyer: UserRow, lineId: string, input: OpenProblemInput, photos: UploadSource[]): Promise<Problem> {
      const line = await deps.orders.buyerLine(lineId, buyer.id);
      if (!line) throw new DomainError('NOT_FOUND', MSG.lineNotFound);
      if (line.status !== 'delivered' || !line.status_at) throw new DomainError('CONFLICT', MSG.problemNotDelivered);
      if (Date.parse(line.status_at) + PROBLEM_WINDOW_DAYS * DAY_MS < clock.now().getTime())
        throw new DomainError('CONFLICT', MSG.problemTooLate);
      // Files are stored before the row that names them, and removed if the row fails (ADR 0009).
      // Evidence between buyer, seller and staff: private, served only by `photo` below.
      const keys = await media.storeImages('problems', photos, 'private');
      const id = crypto.randomUUID();
      try {
        await withAfterCommit((onCommit) =>
          db.transaction().execute(async (trx) => {
            await q.insertProblem(trx, {
              id,
              line_id: line.id,
              order_id: line.order_id,
              buyer_id: buyer.id,
              seller_id: line.seller_id,
              kind: input.kind,
              text: input.text,
              photos: encodeImageKeys(keys),
              status: 'open',
              answer_by: clock.iso(deps.answerMs),
              answer_kind: null,
              answer_text: null,
              answered_at: null,
              escalation_text: null,
              escalated_at: null,
              decision: null,
              decision_reason: null,
              decided_by: null,
              decided_at: null,
              created_at: clock.iso(),
              unanswered_told_at: null,
            });
            await tell(deps, trx, onCommit, [
              {
                userId: line.seller_id,
                subject: id,
                notice: { kind: 'opened', title: line.title, buyer: buyer.username, problem: input.kind },
                path: SALES_PATH,
              },
            ]);
          }),
        );
      } catch (error) {
        await media.removeImages(keys);
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', MSG.problemExists);
        throw error;
      }
      return reread(id);
    },

    async answer(seller: UserRow, id: string, input: AnswerProblemInput): Promise<Problem> {
      const row = await mustFind(id, seller, 'seller');
      await withAfterCommit((onCommit) =>
        db.transaction().execute(async (trx) => {
          if (!(await q.answer(trx, id, seller.id, input, clock.iso())))
            throw new DomainError('CONFLICT', row.status === 'open' ? MSG.problemAnswerLate : MSG.problemAnswered);
          await tell(deps, trx, onCommit, [
            {
              userId: row.buyer_id,
              subject: id,
              notice: { kind: 'answered', title: row.title, seller: seller.username, answer: input.kind },
              path: ORDERS_PATH,
            },
          ]);
        }),
      );
      return reread(id);
    },

    async escalate(buyer: UserRow, id: string, text: string | null): Promise<Problem> {
      const row = await mustFind(id, buyer, 'buyer');
      await withAfterCommit((onCommit) =>
        db.transaction().execute(async (trx) => {
          if (!(await q.escalate(trx, id, buyer.id, text, clock.iso())))
            throw new DomainError('CONFLICT', MSG.problemNotEscalatable);
          await tell(deps, trx, onCommit, [
            {
              userId: row.seller_id,
              subject: id,
              notice: { kind: 'escalated', title: row.title, buyer: buyer.username },
              path: SALES_PATH,
            },
          ]);
        }),
      );
      return reread(id);
    },

    async disputes(): Promise<{ items: Problem[] }> {
      return { items: (await q.escalatedProblems(db, DISPUTES_LIMIT)).map(toProblem) };
    },

    async decide(staff: UserRow, id: string, input: DecideProblemInput): Promise<Problem> {
      const row = await q.problemById(db, id);
      if (!row) throw new DomainError('NOT_FOUND', MSG.problemNotFound);
      await withAfterCommit((onCommit) =>
        db.transaction().execute(async (trx) => {
          if (!(await q.decide(trx, id, staff.id, input, clock.iso())))
            throw new DomainError('CONFLICT', MSG.problemNotEscalated);
          await deps.accounts.recordStaffAction(trx, {
            staffId: staff.id,
            action: `decide_dispute_for_${input.decision}`,
            targetKind: 'problem',
            targetId: id,
            reason: input.reason,
          });
          const notice = { kind: 'decided' as const, title: row.title, decision: input.decision, reason: input.reason };
          await tell(deps, trx, onCommit, [
            { userId: row.buyer_id, subject: id, notice, path: ORDERS_PATH },
            { userId: row.seller_id, subject: id, notice, path: SALES_PATH },
          ]);
        }),
      );
      return reread(id);
    },

    /** A problem's n-th photo, for its buyer, its seller and staff; anyone else is told it does not exist. */
    async photo(viewer: UserRow, id: string, n: number) {
      const row = await q.problemById(db, id);
      const allowed = row && (row.buyer_id === viewer.id || row.seller_id === viewer.id || viewer.staff === 1);
      const key = allowed ? decodeImageKeys(row.photos)[n] : undefined;
      // A key still public waits for `privatisePhotos` (a run at start-up): until then it is not served here.
      const file = key && isPrivateImageKey(key) ? await media.openPrivateImage(key) : null;
      if (!file) throw new DomainError('NOT_FOUND', MSG.notFound);
      return file;
    },

    /**
     * Problem photos stored before they were made private had public keys (`problems/<uuid>`),
     * reachable by anyone at /uploads. Each is copied to its private twin, the row is switched
     * by a conditional update (so instances running this at once agree), and only then are the
     * public files removed. Returns 0 to run again at once while a full batch was found.
     */
    async privatisePhotos(): Promise<number | void> {
      const rows = await q.problemsWithPublicPhotos(db, PRIVATISE_BATCH);
      for (const row of rows) {
        const keys = decodeImageKeys(row.photos);
        const moved = await Promise.all(keys.map((key) => (isPrivateImageKey(key) ? key : media.privatiseImage(key))));
        await q.swapPhotos(db, row.id, row.photos, encodeImageKeys(moved));
        await media.removeImages(keys.filter((key) => !isPrivateImageKey(key)));
      }
      if (rows.length === PRIVATISE_BATCH) return 0;
    },

    ofPerson: async (user: UserRow, limit: number): Promise<Problem[]> =>
      (await q.problemsOfPerson(db, user.id, limit)).map(toProblem),

    /** Every stored file a problem names, so the orphan sweep keeps them. */
    async referencedUploads(): Promise<string[]> {
      return (await q.problemPhotoColumns(db)).flatMap((r) =>
        decodeImageKeys(r.photos).flatMap((key) => media.filesOfImage(key)),
      );
    },
  };
}
