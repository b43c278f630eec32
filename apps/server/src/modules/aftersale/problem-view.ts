import type { AnswerKind, Decision, Problem, ProblemKind, ProblemStatus } from '@souq/shared';
import type { Clock } from '../../lib/clock.js';
import { decodeImageKeys } from '../../media/image-keys.js';
import type { MediaService } from '../../media/media-service.js';
import type * as q from './queries.js';

/** Where the browser asks for a problem's n-th photo; the app checks who asks (contract `problemPhoto`). */
const photoUrl = (problemId: string, n: number) => `/api/problems/${problemId}/photos/${n}`;

/** A problem's row as its buyer, seller and staff read it. */
export function problemView(media: Pick<MediaService, 'avatarUrl'>, clock: Clock) {
  return (r: q.ProblemRow): Problem => ({
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
}
