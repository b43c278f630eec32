import type { AuctionDetail } from '@souq/shared';
import { Money } from '../../components/Money';
import { richT, useT } from '../../i18n';

interface Props {
  auction: AuctionDetail;
  open: boolean;
  over: boolean;
  reserve: string;
}

/** Whether the reserve is met, and where the reader's own bid stands while bidding is open. */
export function BidPills({ auction, open, over, reserve }: Props) {
  const { t } = useT();
  return (
    <div className="bid-box__pills">
      <span
        className={`pill${auction.hasReserve && !auction.reserveMet ? ' pill--warn' : ' pill--ok'}`}
        data-testid="reserve"
      >
        {reserve}
      </span>
      {open && !over && !auction.isOwner && auction.amLeading && (
        <span className="pill pill--ok" data-testid="leading">
          {t('auctions.page.leading')}
        </span>
      )}
      {open && !over && !auction.isOwner && !auction.amLeading && auction.myMaxBid !== null && (
        <span className="pill pill--warn" data-testid="outbid">
          {t('auctions.page.outbid')}
        </span>
      )}
      {open &&
        !over &&
        auction.amLeading &&
        auction.myMaxBid !== null &&
        auction.myMaxBid > (auction.currentBid ?? 0) && (
          <span className="pill">
            {richT(t, 'auctions.page.yourMax', { amount: <Money fils={auction.myMaxBid} /> })}
          </span>
        )}
    </div>
  );
}
