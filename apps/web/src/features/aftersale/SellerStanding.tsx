import { Skeleton } from '../../components/Skeleton';
import { Stars } from '../../components/Stars';
import { useT } from '../../i18n';
import { useSellerStanding } from './api';
import './aftersale.css';

/**
 * A seller's standing in one line: their average stars and number of ratings, and the share of
 * orders shipped on time over the last 12 months. The same component on the profile, product,
 * auction and live pages, from one cached answer per seller (issue 31).
 */
export function SellerStanding({ sellerId }: { sellerId: string }) {
  const { t } = useT();
  const standing = useSellerStanding(sellerId);
  if (standing.isPending) return <Skeleton className="seller-standing" width="14rem" height="1.25rem" />;
  // A standing that failed to load is left out: the page is about something else, and says it.
  if (!standing.data) return null;
  const s = standing.data;
  return (
    <p className="seller-standing" data-testid="seller-standing">
      {s.average === null ? (
        <span>{t('standing.noRatings')}</span>
      ) : (
        <>
          <Stars value={s.average} size={14} />{' '}
          <span>{t('standing.ratings', { average: s.average.toFixed(1), count: s.ratings })}</span>
        </>
      )}
      {s.onTimePercent !== null && (
        <span className="seller-standing__ontime">{t('standing.onTime', { percent: s.onTimePercent })}</span>
      )}
    </p>
  );
}
