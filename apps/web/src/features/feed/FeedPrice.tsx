import type { FeedItem } from '@souq/shared';
import { Money } from '../../components/Money';
import { useT } from '../../i18n';
import { AuctionBid } from './FeedBid';

/** What it costs: a product's price (with what it was, and the saving), or an auction's bid. */
export function FeedPrice({ item }: { item: FeedItem }) {
  const { t } = useT();
  if (item.kind === 'auction') return <AuctionBid auction={item.auction} />;
  const { price, previousPrice } = item.product;
  const discount = previousPrice && previousPrice > price ? Math.round((1 - price / previousPrice) * 100) : 0;
  return (
    <p className="feed-card__price" data-testid="feed-price">
      <Money fils={price} className="feed-card__amount" />
      {previousPrice !== null && previousPrice > price && (
        <s className="feed-card__was">
          <span className="sr-only">{t('feed.previousPrice')} </span>
          <Money fils={previousPrice} />
        </s>
      )}
      {discount > 0 && (
        <span className="feed-card__save" dir="ltr">
          −{discount}%
        </span>
      )}
    </p>
  );
}
