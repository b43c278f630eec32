import type { AnswerKind, Decision, ProblemKind, ProblemStatus } from '@souq/shared';
import type { MessageKey } from '../../i18n';

export const PROBLEM_KIND_LABEL: Record<ProblemKind, MessageKey> = {
  not_received: 'aftersale.kind.not_received',
  not_as_described: 'aftersale.kind.not_as_described',
};
export const ANSWER_KIND_LABEL: Record<AnswerKind, MessageKey> = {
  refund: 'aftersale.answer.refund',
  return: 'aftersale.answer.return',
  reply: 'aftersale.answer.reply',
};
export const STATUS_LABEL: Record<ProblemStatus, MessageKey> = {
  open: 'aftersale.status.open',
  answered: 'aftersale.status.answered',
  escalated: 'aftersale.status.escalated',
  decided: 'aftersale.status.decided',
};
export const DECISION_LABEL: Record<Decision, MessageKey> = {
  buyer: 'aftersale.decision.buyer',
  seller: 'aftersale.decision.seller',
};
