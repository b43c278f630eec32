import type { ReportReason } from '@souq/shared';
import type { MessageKey } from '../../i18n';

/** Each reason's words; the server stores the key (REPORT_REASONS). */
export const REASON_LABEL: Record<ReportReason, MessageKey> = {
  counterfeit: 'reports.reason.counterfeit',
  prohibited: 'reports.reason.prohibited',
  misleading: 'reports.reason.misleading',
  abusive: 'reports.reason.abusive',
  spam: 'reports.reason.spam',
  other: 'reports.reason.other',
};
