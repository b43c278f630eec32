import type { FulfilmentStatus } from '@souq/shared';
import { useT } from '../../i18n';
import { FULFILMENT_KEYS } from './labels';

const TONE: Record<FulfilmentStatus, string> = {
  placed: '',
  confirmed: ' pill--lead',
  shipped: ' pill--lead',
  delivered: ' pill--ok',
  cancelled: ' pill--warn',
};

/** Where a seller's part of an order has got to, as both buyer and seller see it. */
export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  const { t } = useT();
  return (
    <span className={`pill pill--small${TONE[status]}`} data-testid="fulfilment-status">
      {t(FULFILMENT_KEYS[status])}
    </span>
  );
}
