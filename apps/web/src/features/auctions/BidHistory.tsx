import type { BidEntry } from '@souq/shared';
import { formatGulfDateTime, formatGulfShort } from '../../components/dates';
import { ErrorState } from '../../components/ErrorState';
import { LoadMore } from '../../components/LoadMore';
import { Money } from '../../components/Money';
import { Skeleton } from '../../components/Skeleton';
import { useBids } from './api';
import { Avatar } from '../../components/Avatar';
import { useT } from '../../i18n';
import { PersonName } from '../../components/PersonName';

interface Props {
  auctionId: string;
  viewerId: string | null;
  /** The first row is the highest bid; while open it is labelled as leading, once sold as winning. */
  topLabel: string | null;
}

/** The bidders: name, amount and time, newest first, 25 at a time; live bids arrive at the top. */
export function BidHistory({ auctionId, viewerId, topLabel }: Props) {
  const { t, locale } = useT();
  const bids = useBids(auctionId);
  if (bids.isPending) {
    return (
      <ol className="bid-list" aria-busy="true" aria-label={t('auctions.history.loading')}>
        {[0, 1, 2].map((i) => (
          <li key={i} className="bid-list__row" aria-hidden="true">
            <Skeleton className="bid-list__avatar" />
            <Skeleton width="50%" height={14} />
            <Skeleton width={90} height={14} />
          </li>
        ))}
      </ol>
    );
  }
  if (bids.isError) return <ErrorState title={t('auctions.history.error')} onRetry={() => void bids.refetch()} />;
  const items: BidEntry[] = bids.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className="muted bid-list__empty">{t('auctions.history.empty')}</p>;
  return (
    <>
      <ol className="bid-list" data-testid="bid-list">
        {items.map((b, i) => (
          <li key={b.seq} className={`bid-list__row${i === 0 ? ' bid-list__row--top' : ''}`} data-testid="bid-row">
            <Avatar className="bid-list__avatar" src={b.bidder.profilePic} size={32} lazy />
            <span className="bid-list__who">
              <strong>
                <PersonName username={b.bidder.username} />
              </strong>
              {b.bidder.id === viewerId && <span className="pill pill--small">{t('auctions.history.you')}</span>}
              {b.auto && (
                <span className="pill pill--small" title={t('auctions.history.autoTitle')}>
                  {t('auctions.history.auto')}
                </span>
              )}
              {i === 0 && topLabel && <span className="pill pill--small pill--lead">{topLabel}</span>}
            </span>
            <span className="bid-list__amount">
              <Money fils={b.amount} />
            </span>
            <time
              className="bid-list__time muted"
              dateTime={b.createdAt}
              title={formatGulfDateTime(b.createdAt, locale)}
            >
              {formatGulfShort(b.createdAt, locale)}
            </time>
          </li>
        ))}
      </ol>
      {bids.hasNextPage && <LoadMore loading={bids.isFetchingNextPage} onMore={() => void bids.fetchNextPage()} />}
    </>
  );
}
