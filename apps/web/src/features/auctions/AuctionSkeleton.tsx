import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';

/** The auction page's shape while it loads: gallery, title, the bid box. */
export function AuctionSkeleton() {
  const { t } = useT();
  return (
    <div className="product__top" role="status" aria-label={t('auctions.loading')} data-testid="auction-skeleton">
      <Skeleton className="auction-skeleton__gallery" />
      <div className="product__info" aria-hidden="true">
        <Skeleton width={90} height={22} />
        <Skeleton width="80%" height={34} />
        <Skeleton width="100%" height={68} />
        <Skeleton width="100%" height={300} />
      </div>
    </div>
  );
}
