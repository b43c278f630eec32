import { FULFILMENT_LABELS, type FulfilmentStatus } from '@souq/shared';

const TONE: Record<FulfilmentStatus, string> = {
  placed: '',
  confirmed: ' pill--lead',
  shipped: ' pill--lead',
  delivered: ' pill--ok',
  cancelled: ' pill--warn',
};

/** Where a seller's part of an order has got to, as both buyer and seller see it. */
export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <span className={`pill pill--small${TONE[status]}`} data-testid="fulfilment-status">
      {FULFILMENT_LABELS[status]}
    </span>
  );
}
