import type { ReactNode } from 'react';
import type { AuctionSummary } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadMore } from '../../components/LoadMore';
import { useT } from '../../i18n';
import { SkeletonCards } from '../../components/Skeleton';
import { AuctionCard } from './AuctionCard';
import { useLiveSummaries } from './useLiveSummaries';

interface Props {
  items: AuctionSummary[];
  loading: boolean;
  error?: unknown;
  hasMore?: boolean;
  loadingMore?: boolean;
  more: () => void;
  retry: () => void;
  emptyTitle: string;
  /** The next step when there is nothing: another category, the shop, selling something. */
  emptyExtra?: ReactNode;
}

/** Auction cards with their loading, empty, error and "Load more" states; open ones update live. */
export function AuctionGrid({
  items,
  loading,
  error,
  hasMore,
  loadingMore,
  more,
  retry,
  emptyTitle,
  emptyExtra,
}: Props) {
  const { t } = useT();
  const cards = useLiveSummaries(items, retry);
  if (loading) return <SkeletonCards label={t('auctions.grid.loading')} />;
  if (error && items.length === 0) return <ErrorState title={t('auctions.grid.error')} onRetry={retry} />;
  if (items.length === 0) return <EmptyState title={emptyTitle}>{emptyExtra}</EmptyState>;
  return (
    <>
      <div className="product-grid" data-testid="auction-grid">
        {cards.map((a) => (
          <AuctionCard key={a.id} auction={a} />
        ))}
      </div>
      {hasMore && <LoadMore loading={loadingMore} onMore={more} />}
    </>
  );
}
