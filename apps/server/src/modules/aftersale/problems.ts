import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MSG,
  PROBLEM_WINDOW_DAYS,
  type AnswerProblemInput,
  type DecideProblemInput,
  type OpenProblemInput,
  type Problem,
} from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { encodeImageKeys } from '../../media/image-keys.js';
import type { MediaService } from '../../media/media-service.js';
import type { UploadSource } from '../../media/images.js';
import type { AccountsPort } from '../accounts/port.js';
import type { OrdersPort } from '../orders/port.js';
import { ORDERS_PATH, SALES_PATH } from './emails.js';
import * as q from './queries.js';
import { createProblemPhotos } from './problem-photos.js';
import { createUnansweredTelling } from './unanswered.js';
import { problemView } from './problem-view.js';
import { tellingSteps, type TellDeps } from './tell.js';

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

/** What a new problem has not had yet: an answer, an escalation, a decision. */
const NOTHING_YET = {
  answer_kind: null,
  answer_text: null,
  answered_at: null,
  escalation_text: null,
  escalated_at: null,
  decision: null,
  decision_reason: null,
  decided_by: null,
  decided_at: null,
  unanswered_told_at: null,
} as const;

export type Problems = ReturnType<typeof createProblems>;

/**
 * Problems on delivered lines (issue 31): the buyer opens one within 7 days of delivery, the seller
 * answers within PROBLEM_ANSWER_HOURS, the buyer escalates if not satisfied (or unanswered in
 * time), and staff decide. Each step is one conditional update, its notice rung in its
 * transaction; a staff decision is written to the audit log in the same transaction.
 */
export function createProblems(deps: ProblemsDeps) {
  const { db, clock, media } = deps;

  const toProblem = problemView(media, clock);
  const inStep = tellingSteps(deps);

  const mustFind = async (id: string, viewer: UserRow, as: 'buyer' | 'seller') => {
    const row = await q.problemById(db, id);
    if (!row || row[`${as}_id`] !== viewer.id) throw new DomainError('NOT_FOUND', MSG.problemNotFound);
    return row;
  };
  const reread = async (id: string) => toProblem((await q.problemById(db, id))!);

  return {
    ...createUnansweredTelling(deps),

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
        await inStep(async (trx) => {
          await q.insertProblem(trx, {
            ...NOTHING_YET,
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
            created_at: clock.iso(),
          });
          const notice = { kind: 'opened' as const, title: line.title, buyer: buyer.username, problem: input.kind };
          return [{ userId: line.seller_id, subject: id, notice, path: SALES_PATH }];
        });
      } catch (error) {
        await media.removeImages(keys);
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', MSG.problemExists);
        throw error;
      }
      return reread(id);
    },

    async answer(seller: UserRow, id: string, input: AnswerProblemInput): Promise<Problem> {
      const row = await mustFind(id, seller, 'seller');
      await inStep(async (trx) => {
        if (!(await q.answer(trx, id, seller.id, input, clock.iso())))
          throw new DomainError('CONFLICT', row.status === 'open' ? MSG.problemAnswerLate : MSG.problemAnswered);
        const notice = { kind: 'answered' as const, title: row.title, seller: seller.username, answer: input.kind };
        return [{ userId: row.buyer_id, subject: id, notice, path: ORDERS_PATH }];
      });
      return reread(id);
    },

    async escalate(buyer: UserRow, id: string, text: string | null): Promise<Problem> {
      const row = await mustFind(id, buyer, 'buyer');
      await inStep(async (trx) => {
        if (!(await q.escalate(trx, id, buyer.id, text, clock.iso())))
          throw new DomainError('CONFLICT', MSG.problemNotEscalatable);
        const notice = { kind: 'escalated' as const, title: row.title, buyer: buyer.username };
        return [{ userId: row.seller_id, subject: id, notice, path: SALES_PATH }];
      });
      return reread(id);
    },

    async disputes(): Promise<{ items: Problem[] }> {
      return { items: (await q.escalatedProblems(db, DISPUTES_LIMIT)).map(toProblem) };
    },

    async decide(staff: UserRow, id: string, input: DecideProblemInput): Promise<Problem> {
      const row = await q.problemById(db, id);
      if (!row) throw new DomainError('NOT_FOUND', MSG.problemNotFound);
      await inStep(async (trx) => {
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
        return [
          { userId: row.buyer_id, subject: id, notice, path: ORDERS_PATH },
          { userId: row.seller_id, subject: id, notice, path: SALES_PATH },
        ];
      });
      return reread(id);
    },

    ...createProblemPhotos(deps),

    ofPerson: async (user: UserRow, limit: number): Promise<Problem[]> =>
      (await q.problemsOfPerson(db, user.id, limit)).map(toProblem),
  };
}
