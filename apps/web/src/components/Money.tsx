import { formatMoney } from '@souq/shared';
import { useT } from '../i18n';

/** A price in the page's language ("AED 1,260.00", "1,260.00 د.إ"), isolated so bidi never reorders it within a sentence. */
export function Money({ fils, className }: { fils: number; className?: string }) {
  const { locale } = useT();
  return <bdi className={className}>{formatMoney(fils, locale)}</bdi>;
}
