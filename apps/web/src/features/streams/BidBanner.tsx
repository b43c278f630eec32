import { bidCapReached, formatMoney, type StreamLive } from '@souq/shared';
import { useT } from '../../i18n';
import { richT } from '../../i18n';

/**
 * 'Highest Bid: AED {amount} by {user}' (the exact words); before the first bid, where bidding
 * starts. In a show, the lot on screen says more: none running yet, or passed with nobody bidding.
 */
export function BidBanner({
  stream,
}: {
  stream: Pick<StreamLive, 'highestBid' | 'minimumBid' | 'status' | 'winner' | 'lot'>;
}) {
  const { t, locale } = useT();
  const { highestBid, lot } = stream;
  const money = (fils: number) => (
    <strong>
      <bdi>{formatMoney(fils, locale)}</bdi>
    </strong>
  );
  return (
    <div
      className={`bid-banner${highestBid ? ' bid-banner--bid' : ''}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="bid-banner"
    >
      {highestBid
        ? richT(
            t,
            stream.status === 'live' && bidCapReached(highestBid.amount)
              ? 'live.banner.highestCap'
              : 'live.banner.highest',
            {
              amount: money(highestBid.amount),
              user: (
                <strong>
                  <bdi>{highestBid.user.username}</bdi>
                </strong>
              ),
            },
          )
        : lot?.status === 'passed'
          ? richT(t, 'live.banner.passed', { title: <bdi>{lot.product.title}</bdi> })
          : stream.status === 'live' && (!lot || lot.status === 'waiting')
            ? t('live.banner.waiting')
            : stream.status === 'live'
              ? richT(t, 'live.banner.noBids', { amount: money(stream.minimumBid) })
              : t('live.banner.none')}
    </div>
  );
}
