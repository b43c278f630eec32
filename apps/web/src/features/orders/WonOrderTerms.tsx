import type { Order } from '@souq/shared';
import { formatGulfDateTime } from '../../components/dates';
import { FormError } from '../../components/FormError';
import { useConfirm } from '../../components/useConfirm';
import { useT } from '../../i18n';
import { useAskCancel } from './api';

/**
 * A won order's terms (issue 31): the deadline for the address, the winner's request to cancel
 * (the seller answers), and why a cancelled one was cancelled.
 */
export function WonOrderTerms({ order }: { order: Order }) {
  const { t, locale } = useT();
  const askCancel = useAskCancel();
  const [ask, confirmDialog] = useConfirm();
  if (order.status === 'cancelled' && order.cancelReason) {
    return (
      <p className="notice notice--warn" data-testid="order-cancel-reason">
        {t(order.cancelReason === 'unpaid' ? 'wins.order.cancelledUnpaid' : 'wins.order.cancelledAsked')}
      </p>
    );
  }
  if (order.status !== 'awaiting_address' || !order.completeBy) return null;

  async function requestCancel() {
    const yes = await ask({
      title: t('wins.order.askCancelTitle'),
      body: t('wins.order.askCancelBody'),
      confirmLabel: t('wins.order.askCancel'),
      danger: true,
    });
    if (yes) askCancel.mutate(order.id);
  }

  return (
    <div className="won-terms">
      <p className="notice notice--warn" data-testid="complete-by">
        {t('wins.order.completeBy', { date: formatGulfDateTime(order.completeBy, locale) })}
      </p>
      {order.cancelAsked ? (
        <p className="muted" data-testid="cancel-asked">
          {t('wins.order.cancelAsked')}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={askCancel.isPending}
          onClick={() => void requestCancel()}
          data-testid="ask-cancel"
        >
          {t('wins.order.askCancel')}
        </button>
      )}
      <FormError message={askCancel.error ? askCancel.error.message : null} />
      {confirmDialog}
    </div>
  );
}
