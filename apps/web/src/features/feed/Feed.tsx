import { useRef } from 'react';
import { formatMoney, type FeedItem, type Locale } from '@souq/shared';
import { useT, type Translate } from '../../i18n';
import type { FeedGates } from './FeedCard';
import { FeedList } from './FeedList';
import { useFeedNavigation } from './useFeedNavigation';
import { useFeedOpens } from './useFeedOpens';
import { useFeedSession } from './useFeedSession';
import { useStageHeight } from './useStageHeight';

function describe(item: FeedItem, t: Translate, locale: Locale): string {
  if (item.kind === 'product')
    return t('feed.describe.product', {
      title: item.product.title,
      price: formatMoney(item.product.price, locale),
      seller: item.seller.username,
    });
  const bid = item.auction.currentBid;
  return t(bid === null ? 'feed.describe.auctionStarting' : 'feed.describe.auctionCurrent', {
    title: item.auction.title,
    price: formatMoney(bid ?? item.auction.startingBid, locale),
    seller: item.auction.seller.username,
  });
}

/**
 * The For You feed: one full-screen item at a time. Wheel, arrow keys and a swipe over 50 px each
 * move exactly one item; CSS scroll snapping holds it in place. The URL keeps the position and the
 * session (?i=n&s=cursor), so coming back lands on the same item of the same feed.
 */
export function Feed({ gates }: { gates: FeedGates }) {
  const { t, locale } = useT();
  const { query, items, setIndex, restoring, current, total, item, notice, dismiss } = useFeedSession();
  const stage = useRef<HTMLDivElement>(null);
  useStageHeight(stage);
  const { scroller, keepFocus } = useFeedNavigation({ stage, current, restoring, count: items.length, setIndex });
  useFeedOpens(gates.viewer !== 'anonymous', item);

  function notInterested(gone: FeedItem) {
    keepFocus();
    dismiss(gone);
  }

  return (
    <section className="feed-page" aria-labelledby="feed-heading">
      <div className="feed-page__head">
        <h1 id="feed-heading">{t('feed.title')}</h1>
        {item && (
          <p className="feed-page__counter" aria-hidden="true" data-testid="feed-counter" dir="ltr">
            {current + 1} / {total}
          </p>
        )}
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="feed-announcer">
        {item ? t('feed.announce', { position: current + 1, total, description: describe(item, t, locale) }) : ''}
      </p>
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>
      <div ref={stage} className="feed-page__stage">
        <FeedList
          query={query}
          restoring={restoring}
          items={items}
          current={current}
          total={total}
          gates={gates}
          scroller={scroller}
          onNotInterested={notInterested}
        />
      </div>
    </section>
  );
}
