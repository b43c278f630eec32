import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  biddingSuspendedUntil,
  productPath,
  suspensionDay,
  MSG,
  SOFT_CLOSE_MS,
  type AuctionDetail,
} from '@souq/shared';
import { ApiError } from '../api/client';
import { Countdown } from '../components/Countdown';
import { useCategoryName } from '../components/category-names';
import { formatGulfClock, formatGulfDateTime } from '../components/dates';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { Gallery } from '../components/Gallery';
import { LiveStatus } from '../components/LiveStatus';
import { Money } from '../components/Money';
import { PageTitle } from '../components/PageTitle';
import { SoundToggle } from '../components/SoundToggle';
import { useSecondsLeft } from '../components/useSecondsLeft';
import { useAuction } from '../features/auctions/api';
import { AuctionOutcome } from '../features/auctions/AuctionOutcome';
import { AuctionSkeleton } from '../features/auctions/AuctionSkeleton';
import { BidForm } from '../features/auctions/BidForm';
import { BidHistory } from '../features/auctions/BidHistory';
import { LoginToBid } from '../components/LoginPrompt';
import { Avatar } from '../components/Avatar';
import { SecondChance } from '../features/auctions/SecondChance';
import { SellerTools } from '../features/auctions/SellerTools';
import { richT } from '../i18n';
import { closingLabel, statusLabel } from '../features/auctions/status';
import { useAwaitClose } from '../features/auctions/useAwaitClose';
import { useLiveAuction } from '../features/auctions/useLiveAuction';
import { useRequireVerified } from '../features/auth/gates';
import { useSession } from '../features/auth/api';
import { SellerStanding } from '../features/aftersale/SellerStanding';
import { ReportButton } from '../features/reports/ReportButton';
import { CompleteAddressForm } from '../features/orders/CompleteAddressForm';
import { useMyStrikes } from '../features/wins/api';
import { useT } from '../i18n';

const CLOSING_NOTE = {
  soft: 'auctions.page.softNote',
  sudden: 'auctions.page.suddenNote',
} as const;

/** The winner's next step: the delivery address completes the order the close created. */
function WinnerOrder({ order, onDone }: { order: NonNullable<AuctionDetail['order']>; onDone: () => void }) {
  const { t, locale } = useT();
  const [open, setOpen] = useState(false);
  if (order.status === 'cancelled') {
    return (
      <p className="notice notice--warn" data-testid="order-cancel-reason">
        {t(order.cancelReason === 'buyer_asked' ? 'wins.order.cancelledAsked' : 'wins.order.cancelledUnpaid')}
      </p>
    );
  }
  if (order.status !== 'awaiting_address') {
    return (
      <p className="notice notice--ok" data-testid="order-complete">
        {richT(t, 'auctions.page.orderPlaced', {
          link: <Link to="/MyAccount?tab=orders">{t('auctions.page.viewOrders')}</Link>,
        })}
      </p>
    );
  }
  // The deadline (issue 31): past it the order is cancelled as unpaid and the winner gets a strike.
  const deadline = order.completeBy && (
    <p className="notice notice--warn" data-testid="complete-by">
      {t('wins.order.completeBy', { date: formatGulfDateTime(order.completeBy, locale) })}
    </p>
  );
  if (!open) {
    return (
      <>
        {deadline}
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => setOpen(true)}
          data-testid="complete-order"
        >
          {t('auctions.page.completeOrder')}
        </button>
      </>
    );
  }
  return <CompleteAddressForm orderId={order.id} onDone={onDone} />;
}

function Auction({ auction }: { auction: AuctionDetail }) {
  const { t, m, locale } = useT();
  const categoryName = useCategoryName();
  const { user } = useSession();
  const viewerId = user?.id ?? null;
  const requireVerified = useRequireVerified();
  const { extendedTo, takeBidResult, reread } = useLiveAuction(auction.id, viewerId);
  const left = useSecondsLeft(auction.endsAt);
  const open = auction.status === 'open';
  // At or after the end (on the server's clock) the page says so and hides bidding, before the server's close arrives.
  const over = !open || left === 0;
  const closing = open && left === 0;
  useAwaitClose(closing, reread);

  const price = auction.currentBid ?? auction.startingBid;
  const reserve = t(
    !auction.hasReserve
      ? 'auctions.page.reserveNone'
      : auction.reserveMet
        ? 'auctions.page.reserveMet'
        : 'auctions.page.reserveNotMet',
  );
  const bidding = !over && !auction.isOwner;
  // A bidder suspended for unpaid items (issue 31) is told before they try; the server refuses anyway.
  const suspendedUntil = useMyStrikes(bidding && user !== null).data?.suspendedUntil ?? null;

  return (
    <article className="auction" data-testid="auction">
      <div className="product__top">
        <Gallery images={auction.images} title={auction.title} />

        <div className="product__info">
          <div className="auction__tags">
            <Link to={`/auction?category=${encodeURIComponent(auction.category)}`} className="product__category">
              {categoryName(auction.category)}
            </Link>
            <span
              className={`auction__status auction__status--${over ? (open ? 'unsold' : auction.status) : 'open'}`}
              data-testid="auction-status"
            >
              {over && open ? m(MSG.auctionEnded) : statusLabel(t, auction.status)}
            </span>
          </div>
          <PageTitle>{auction.title}</PageTitle>

          <div className="seller">
            <Avatar src={auction.seller.profilePic} size={44} />
            <div className="seller__text">
              <span className="muted">{t('auctions.page.auctioneer')}</span>
              <strong data-testid="auctioneer">
                <bdi>{auction.seller.username}</bdi>
              </strong>
              <SellerStanding sellerId={auction.seller.id} />
            </div>
            <Link to={`/MyAccount/${auction.seller.id}`} className="btn btn--ghost btn--small">
              {t('auctions.page.viewProfile')}
            </Link>
          </div>
          {auction.hidden && (
            <p className="notice notice--error" role="status" data-testid="hidden-notice">
              {m(MSG.listingHidden)}{' '}
              <span dir="auto">{t('auctions.page.hiddenReason', { reason: auction.hidden.reason })}</span>
            </p>
          )}
          {user && !auction.isOwner && <ReportButton kind="auction" id={auction.id} />}

          <section className="bid-box" aria-label={t('auctions.page.bidding')}>
            <div className="bid-box__figures">
              <div className="bid-box__price" aria-live="polite" aria-atomic="true">
                <span className="bid-box__label">
                  {t(
                    auction.status === 'sold'
                      ? 'auctions.winningBid'
                      : auction.currentBid === null
                        ? 'auctions.startingBid'
                        : 'auctions.currentBid',
                  )}
                </span>
                <span className="bid-box__amount" data-testid="current-bid">
                  <Money fils={price} />
                </span>
                <span className="muted" data-testid="bid-count">
                  {t('auctions.bids', { count: auction.bidCount })}
                </span>
              </div>
              <div className="bid-box__time">
                <span className="bid-box__label">{t(over ? 'auctions.page.ended' : 'auctions.page.timeLeft')}</span>
                {over ? (
                  <span className="bid-box__ended">{formatGulfDateTime(auction.endsAt, locale)}</span>
                ) : (
                  <>
                    <Countdown endsAt={auction.endsAt} announce className="bid-box__countdown" testId="countdown" />
                    <span className="muted bid-box__ends">
                      {t('auctions.page.endsOn', { date: formatGulfDateTime(auction.endsAt, locale) })}
                    </span>
                  </>
                )}
              </div>
            </div>

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

            <div role="status" className="bid-box__extension">
              {extendedTo && !over && (
                <p className="notice notice--info" data-testid="extended">
                  {t('auctions.page.extended', { time: formatGulfClock(extendedTo, locale) })}
                </p>
              )}
            </div>

            {over && (
              <AuctionOutcome
                auction={auction}
                closing={closing}
                winnerAction={auction.order && <WinnerOrder order={auction.order} onDone={reread} />}
              />
            )}
            {bidding && !user && <LoginToBid />}
            {bidding && user && suspendedUntil && (
              <p className="notice notice--error" role="status" data-testid="bidding-suspended">
                {m(biddingSuspendedUntil(suspensionDay(suspendedUntil)))}
              </p>
            )}
            {bidding && user && (
              <BidForm auction={auction} allowed={requireVerified} onResult={takeBidResult} onEnded={reread} />
            )}
            {!over && auction.isOwner && (
              <p className="notice notice--info" data-testid="own-auction">
                {m(MSG.bidOwnAuction)}
              </p>
            )}

            <div className="bid-box__foot">
              <span className="muted">
                {t(CLOSING_NOTE[auction.closingStyle], { minutes: SOFT_CLOSE_MS / 60_000 })}
              </span>
              <div className="bid-box__switches">
                <SoundToggle />
                {open && <LiveStatus />}
              </div>
            </div>
          </section>

          <SecondChance auction={auction} />
          {auction.isOwner && <SellerTools auction={auction} />}
        </div>
      </div>

      <div className="product__more">
        <section className="card" aria-labelledby="bids-title">
          <h2 id="bids-title">{t('auctions.page.bids')}</h2>
          <BidHistory
            auctionId={auction.id}
            viewerId={viewerId}
            topLabel={
              open && !over
                ? t('auctions.history.highest')
                : auction.status === 'sold'
                  ? t('auctions.history.winner')
                  : null
            }
          />
        </section>
        <section className="card">
          <h2>{t('auctions.page.details')}</h2>
          <dl className="product-details" data-testid="auction-details">
            <div className="product-details__row">
              <dt>{t('auctions.page.started')}</dt>
              <dd>{formatGulfDateTime(auction.startsAt, locale)}</dd>
            </div>
            <div className="product-details__row">
              <dt>{t(over ? 'auctions.page.ended' : 'auctions.page.ends')}</dt>
              <dd data-testid="ends-at">{formatGulfDateTime(auction.endsAt, locale)}</dd>
            </div>
            <div className="product-details__row">
              <dt>{t('auctions.startingBid')}</dt>
              <dd>
                <Money fils={auction.startingBid} />
              </dd>
            </div>
            <div className="product-details__row">
              <dt>{t('auctions.page.closingStyle')}</dt>
              <dd>{closingLabel(t, auction.closingStyle)}</dd>
            </div>
            <div className="product-details__row">
              <dt>{t('auctions.page.reserve')}</dt>
              <dd>{reserve}</dd>
            </div>
          </dl>
          {auction.description && (
            <>
              <h2 className="auction__description-title">{t('auctions.page.description')}</h2>
              <p className="product__description">{auction.description}</p>
            </>
          )}
          {auction.productId && (
            <p>
              <Link to={productPath(auction.productId)}>{t('auctions.page.productPage')}</Link>
            </p>
          )}
        </section>
      </div>
    </article>
  );
}

export default function AuctionPage() {
  const { t, m } = useT();
  const { auctionId = '' } = useParams();
  const query = useAuction(auctionId);

  if (query.isPending) return <AuctionSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    if (!notFound)
      return (
        <ErrorState
          title={t('auctions.page.loadError')}
          message={m(query.error.message)}
          onRetry={() => void query.refetch()}
        />
      );
    return (
      <>
        <PageTitle>{m(MSG.auctionNotFound)}</PageTitle>
        <EmptyState title={t('auctions.page.notFound')}>
          <Link to="/auction" className="btn btn--primary">
            {t('auctions.page.browse')}
          </Link>
        </EmptyState>
      </>
    );
  }
  return <Auction key={query.data.id} auction={query.data} />;
}
