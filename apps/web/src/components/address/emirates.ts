import { useCallback } from 'react';
import { EMIRATES } from '@souq/shared';
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
