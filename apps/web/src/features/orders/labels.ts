import { useCallback } from 'react';
import { EMIRATES, type FulfilmentStatus } from '@souq/shared';
import { useT, type MessageKey } from '../../i18n';

type Emirate = (typeof EMIRATES)[number];

/** Each emirate's name in the catalogs; the address keeps the English (AddressSchema's enum). */
const EMIRATE_KEYS: Record<Emirate, MessageKey> = {
  'Abu Dhabi': 'orders.emirate.abuDhabi',
  Dubai: 'orders.emirate.dubai',
  Sharjah: 'orders.emirate.sharjah',
  Ajman: 'orders.emirate.ajman',
  'Umm Al Quwain': 'orders.emirate.ummAlQuwain',
  'Ras Al Khaimah': 'orders.emirate.rasAlKhaimah',
  Fujairah: 'orders.emirate.fujairah',
};
const isEmirate = (value: string): value is Emirate => (EMIRATES as readonly string[]).includes(value);

/** An emirate's name in the page's language ("Dubai", "دبي"); anything else as it is. */
export function useEmirateName(): (emirate: string) => string {
  const { t } = useT();
  return useCallback((emirate: string) => (isEmirate(emirate) ? t(EMIRATE_KEYS[emirate]) : emirate), [t]);
}

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
