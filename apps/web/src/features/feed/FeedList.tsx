import type { RefObject } from 'react';
import type { FeedItem } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { itemKey, type useFeedPages } from './api';
import { FeedCard, type FeedGates } from './FeedCard';

interface Props {
  query: ReturnType<typeof useFeedPages>;
  /** Coming back to an item not fetched yet. */
  restoring: boolean;
  items: FeedItem[];
  current: number;
  total: number;
  gates: FeedGates;
  scroller: RefObject<HTMLDivElement | null>;
  onNotInterested: (item: FeedItem) => void;
}

/** The feed's items, one screen each, or what stands in for them: loading, a failure, nothing to show. */
export function FeedList({ query, restoring, items, current, total, gates, scroller, onNotInterested }: Props) {
  const { t, m } = useT();
  if (query.isPending || (restoring && items.length === 0)) return <FeedLoading />;
  if (query.isError && items.length === 0)
    return <ErrorState title={t('feed.error')} message={m(query.error.message)} onRetry={() => void query.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState title={t('feed.empty')}>
        <p className="muted">{t('feed.emptyHint')}</p>
      </EmptyState>
    );
  return (
    <div ref={scroller} className="feed" tabIndex={0} aria-label={t('feed.label')} data-testid="feed">
      {items.map((it, k) => (
        <FeedCard
          key={itemKey(it)}
          item={it}
          position={k + 1}
          total={total}
          current={k === current}
          near={k >= current - 1 && k <= current + 2}
          gates={gates}
          onNotInterested={onNotInterested}
        />
      ))}
      {query.isFetchingNextPage && current >= items.length - 1 && <p className="feed__more">{t('feed.loading')}</p>}
    </div>
  );
}

/** A card's shape while the first page loads. */
function FeedLoading() {
  const { t } = useT();
  return (
    <div className="feed feed--loading" role="status" data-testid="feed-loading">
      <div className="feed-card feed-card--skeleton" aria-hidden="true">
        <Skeleton className="feed-photos" />
        <div className="feed-card__info">
          <Skeleton width="30%" height={14} />
          <Skeleton width="85%" height={26} />
          <Skeleton width="40%" height={30} />
          <Skeleton width="60%" height={40} />
          <Skeleton width="100%" height={44} />
        </div>
      </div>
      <p className="feed__loading">{t('feed.loading')}</p>
    </div>
  );
}
