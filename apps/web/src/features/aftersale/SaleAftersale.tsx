import type { Aftersale, Sale } from '@souq/shared';
import { formatGulfDateTime } from '../../components/dates';
import { useT } from '../../i18n';
import { ProblemSteps } from './ProblemSteps';
import { RatingView } from './RatingView';

/** Under one of the seller's sales (issue 31): late to ship, the buyer's rating (to reply to) and any problem (to answer). */
export function SaleAftersale({ sale, aftersale }: { sale: Sale; aftersale: Aftersale | undefined }) {
  const { t, m, locale } = useT();
  const rating = aftersale?.ratings.find((r) => r.orderId === sale.orderId && r.buyer.id === sale.buyer.id);
  const problem = aftersale?.problems.find((p) => p.lineId === sale.id);
  return (
    <div className="line-aftersale">
      {sale.late && sale.shipBy && (
        <p className="notice notice--warn" role="status" data-testid="sale-late">
          {t('aftersale.late.seller', { when: m(formatGulfDateTime(sale.shipBy, locale)) })}
        </p>
      )}
      {!sale.late && sale.shipBy && (sale.status === 'placed' || sale.status === 'confirmed') && (
        <p className="muted">{t('aftersale.shipBy', { when: m(formatGulfDateTime(sale.shipBy, locale)) })}</p>
      )}
      {rating && <RatingView rating={rating} canReply />}
      {problem && <ProblemSteps problem={problem} as="seller" />}
    </div>
  );
}
