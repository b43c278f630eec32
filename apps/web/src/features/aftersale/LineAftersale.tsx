import { useState } from 'react';
import { PROBLEM_WINDOW_DAYS, type Aftersale, type OrderLine } from '@souq/shared';
import { serverNow } from '../../api/server-clock';
import { FormError } from '../../components/FormError';
import { formatGulfDateTime } from '../../components/dates';
import { useConfirm } from '../../components/useConfirm';
import { useT } from '../../i18n';
import { useCancelLate } from './api';
import { ProblemSteps } from './ProblemSteps';
import { ProblemForm } from './ProblemForm';
import { RateSellerForm } from './RateSellerForm';
import { RatingView } from './RatingView';

const DAY_MS = 86_400_000;

/**
 * Under one line of the buyer's order (issue 31): a late line's notice and its cancel, and after
 * delivery the seller's rating and the problem form, or the problem's steps. The server decides
 * every one of these; the page only offers what it would allow.
 */
export function LineAftersale({
  orderId,
  line,
  aftersale,
  onOrderChanged,
}: {
  orderId: string;
  line: OrderLine;
  aftersale: Aftersale | undefined;
  onOrderChanged: () => void;
}) {
  const { t, m, locale } = useT();
  const cancel = useCancelLate(onOrderChanged);
  const [ask, confirmDialog] = useConfirm();
  const [reporting, setReporting] = useState(false);
  const rating = aftersale?.ratings.find((r) => r.orderId === orderId && r.sellerId === line.sellerId);
  const problem = aftersale?.problems.find((p) => p.lineId === line.id);
  const delivered = line.status === 'delivered';
  const canReport =
    delivered &&
    !problem &&
    line.statusAt !== null &&
    serverNow() <= Date.parse(line.statusAt) + PROBLEM_WINDOW_DAYS * DAY_MS;

  async function cancelLine() {
    const yes = await ask({
      title: t('aftersale.late.cancelTitle'),
      body: t('aftersale.late.cancelBody'),
      confirmLabel: t('aftersale.late.cancel'),
      danger: true,
    });
    if (yes) cancel.mutate(line.id);
  }

  return (
    <div className="line-aftersale">
      {line.late && line.shipBy && (
        <div className="notice notice--warn" role="status" data-testid="line-late">
          <p>{t('aftersale.late.buyer', { when: m(formatGulfDateTime(line.shipBy, locale)) })}</p>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => void cancelLine()}
            disabled={cancel.isPending}
            data-testid="cancel-late"
          >
            {t('aftersale.late.cancel')}
          </button>
          <FormError message={cancel.error ? cancel.error.message : null} />
        </div>
      )}
      {delivered &&
        aftersale &&
        (rating ? <RatingView rating={rating} canReply={false} /> : <RateSellerForm lineId={line.id} />)}
      {problem && <ProblemSteps problem={problem} as="buyer" />}
      {canReport &&
        aftersale &&
        (reporting ? (
          <ProblemForm lineId={line.id} onDone={() => setReporting(false)} />
        ) : (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => setReporting(true)}
            data-testid="report-problem"
          >
            {t('aftersale.problem.open')}
          </button>
        ))}
      {confirmDialog}
    </div>
  );
}
