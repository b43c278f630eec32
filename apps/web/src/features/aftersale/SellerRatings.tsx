import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadMore } from '../../components/LoadMore';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { useSellerRatings } from './api';
import { RatingView } from './RatingView';
import { SellerStanding } from './SellerStanding';

/** A seller's profile tab: their standing, then what buyers said, with the seller's replies, a page at a time. */
export function SellerRatings({ sellerId, own }: { sellerId: string; own: boolean }) {
  const { t } = useT();
  const ratings = useSellerRatings(sellerId, true);
  const items = ratings.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="seller-ratings" data-testid="seller-ratings">
      <SellerStanding sellerId={sellerId} />
      {ratings.isPending ? (
        <div role="status" aria-label={t('aftersale.ratings.loading')}>
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
        </div>
      ) : ratings.isError ? (
        <ErrorState title={t('aftersale.ratings.error')} onRetry={() => void ratings.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('aftersale.ratings.empty')}>
          <p className="muted">{t('aftersale.ratings.emptyHint')}</p>
        </EmptyState>
      ) : (
        <>
          {items.map((r) => (
            <RatingView key={r.id} rating={r} canReply={own} />
          ))}
          {ratings.hasNextPage && (
            <LoadMore loading={ratings.isFetchingNextPage} onMore={() => void ratings.fetchNextPage()} />
          )}
        </>
      )}
    </section>
  );
}
