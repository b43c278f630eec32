import type { ReportAction, ReportReason, ReportTarget } from '@souq/shared';
import type { MessageKey } from '../../i18n';

export const REASON: Record<ReportReason, MessageKey> = {
  counterfeit: 'admin.reason.counterfeit',
  prohibited: 'admin.reason.prohibited',
  misleading: 'admin.reason.misleading',
  abusive: 'admin.reason.abusive',
  spam: 'admin.reason.spam',
  other: 'admin.reason.other',
};

export const KIND: Record<ReportTarget, MessageKey> = {
  product: 'admin.kind.product',
  auction: 'admin.kind.auction',
  user: 'admin.kind.user',
  review: 'admin.kind.review',
  message: 'admin.kind.message',
};

export const ACTION: Record<ReportAction, MessageKey> = {
  hide: 'admin.action.hide',
  remove: 'admin.action.remove',
  suspend: 'admin.action.suspend',
  dismiss: 'admin.action.dismiss',
};

/** Which actions fit which thing (the server says the same: ReportsService's ACTIONS). */
export function actionsFor(kind: ReportTarget, gone: boolean): ReportAction[] {
  if (gone) return ['dismiss'];
  const first: ReportAction[] = kind === 'product' || kind === 'auction' ? ['hide'] : kind === 'user' ? [] : ['remove'];
  return [...first, 'suspend', 'dismiss'];
}

/** The audit log's words for what staff did; an action another part of Souq logs shows as it is stored. */
export const AUDIT_ACTION: Record<string, MessageKey> = {
  hide_listing: 'admin.audit.hide_listing',
  remove_content: 'admin.audit.remove_content',
  suspend_account: 'admin.audit.suspend_account',
  dismiss_report: 'admin.audit.dismiss_report',
  restore_listing: 'admin.audit.restore_listing',
  restore_account: 'admin.audit.restore_account',
  // issue 45: data rights (self-service erasures are logged with the person as the actor)
  export_data: 'admin.audit.export_data',
  erase_account: 'admin.audit.erase_account',
  // issue 46: cash on delivery
  lift_cod_block: 'admin.audit.lift_cod_block',
  uphold_refusal: 'admin.audit.uphold_refusal',
  withdraw_refusal: 'admin.audit.withdraw_refusal',
};
