import type { LineDelivery, Sale } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { refusalOf } from '../../components/useForm';
import { useConfirm } from '../../components/useConfirm';
import { useT } from '../../i18n';
import { useCancelFailed } from './api';
import { AttemptList } from './AttemptList';
import { RecordAttempt } from './RecordAttempt';
import './delivery.css';

/** Under a seller's sale (issue 46): its attempts at the door, the next one to record, and the cancel after two failures. */
export function SaleDelivery({ sale, delivery }: { sale: Sale; delivery: LineDelivery | undefined }) {
  const { t } = useT();
  if (sale.status !== 'shipped' && !delivery?.attempts.length) return null;
  return (
    <section className="line-delivery" aria-label={t('delivery.title')} data-testid="sale-delivery">
      {delivery && delivery.attempts.length > 0 && <AttemptList attempts={delivery.attempts} />}
      {delivery?.deliveryFailed && <p className="notice notice--warn">{t('delivery.cancelledFailed')}</p>}
      {sale.status === 'shipped' && <RecordAttempt lineId={sale.id} />}
      {delivery?.canCancelAsFailed && <CancelAsFailed lineId={sale.id} />}
    </section>
  );
}

function CancelAsFailed({ lineId }: { lineId: string }) {
  const { t, m } = useT();
  const cancel = useCancelFailed(lineId);
  const [ask, dialog] = useConfirm();
  return (
    <>
      <button
        type="button"
        className="btn btn--danger"
        data-testid="cancel-delivery-failed"
        disabled={cancel.isPending}
        onClick={async () => {
          const yes = await ask({
            title: t('delivery.cancelFailedTitle'),
            body: t('delivery.cancelFailedBody'),
            confirmLabel: t('delivery.cancelFailed'),
            danger: true,
          });
          if (yes) cancel.mutate(undefined);
        }}
      >
        {t('delivery.cancelFailed')}
      </button>
      {cancel.error && <FormError message={m(refusalOf(cancel.error).message)} />}
      {dialog}
    </>
  );
}
