import { formatMoney, type FeedItem } from '@souq/shared';
import { Countdown } from '../../components/Countdown';
import { Money } from '../../components/Money';
import { useT } from '../../i18n';

type Auction = Extract<FeedItem, { kind: 'auction' }>['auction'];

/** An auction's bid so far (or where bidding starts), how many bids, and the time left. */
export function AuctionBid({ auction }: { auction: Auction }) {
  const { t } = useT();
  return (
    <div className="feed-card__bid" data-testid="feed-price">
      <div>
        <span className="feed-card__label">
          {t(auction.currentBid === null ? 'feed.startingBid' : 'feed.currentBid')}
        </span>
        <Money fils={auction.currentBid ?? auction.startingBid} className="feed-card__amount" />
        <span className="muted feed-card__count">{t('feed.bids', { count: auction.bidCount })}</span>
      </div>
      <div>
        <span className="feed-card__label">{t('feed.endsIn')}</span>
        <Countdown endsAt={auction.endsAt} className="feed-card__clock" testId="feed-countdown" />
      </div>
    </div>
  );
}

/** The card's main action on an auction: the minimum next bid, in one tap. */
export function BidButton({ minimumBid, placing, onBid }: { minimumBid: number; placing: boolean; onBid(): void }) {
  const { t, locale } = useT();
  return (
    <button
      type="button"
      className="btn btn--primary feed-card__main"
      disabled={placing}
      onClick={onBid}
      data-testid="feed-bid"
    >
      {placing ? t('feed.placingBid') : t('feed.bid', { amount: formatMoney(minimumBid, locale) })}
    </button>
  );
}
