import { useCallback } from 'react';
import type { FulfilmentStatus } from '@souq/shared';
import { useT, type MessageKey } from '../../i18n';

/** Where a seller's part of an order has got to, as FULFILMENT_LABELS says it in English. */
export const FULFILMENT_KEYS: Record<FulfilmentStatus, MessageKey> = {
  placed: 'orders.status.placed',
  confirmed: 'orders.status.confirmed',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  cancelled: 'orders.status.cancelled',
};

/** How the order was paid, in the page's language; a method we do not know is shown as the server named it. */
export function usePaymentMethodName(): (method: string) => string {
  const { t } = useT();
  return useCallback(
    (method: string) => (method === 'cash_on_delivery' ? t('orders.payment.cash_on_delivery') : method),
    [t],
  );
}
