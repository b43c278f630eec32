import { Link, useParams } from 'react-router';
import { biddingSuspendedUntil, suspensionDay, MSG, SOFT_CLOSE_MS, type AuctionDetail } from '@souq/shared';
import { ApiError } from '../api/client';
import { useCategoryName } from '../components/category-names';
import { formatGulfClock } from '../components/dates';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { Gallery } from '../components/Gallery';
import { LiveStatus } from '../components/LiveStatus';
import { LoginToBid } from '../components/LoginPrompt';
import { PageTitle } from '../components/PageTitle';
import { SoundToggle } from '../components/SoundToggle';
import { useSecondsLeft } from '../components/useSecondsLeft';
import { useAuction } from '../features/auctions/api';
import { AuctionOutcome } from '../features/auctions/AuctionOutcome';
import { AuctionSkeleton } from '../features/auctions/AuctionSkeleton';
import { BidForm } from '../features/auctions/BidForm';
import { SecondChance } from '../features/auctions/SecondChance';
import { SellerTools } from '../features/auctions/SellerTools';
import { statusLabel } from '../features/auctions/status';
import { useAwaitClose } from '../features/auctions/useAwaitClose';
import { useLiveAuction } from '../features/auctions/useLiveAuction';
import { useSession } from '../features/auth/api';
import { useRequireVerified } from '../features/auth/gates';
import { ReportButton } from '../features/reports/ReportButton';
import { useMyStrikes } from '../features/wins/api';
import { useT } from '../i18n';
import { AuctionAbout } from './auction/AuctionAbout';
import { Auctioneer } from './auction/Auctioneer';
import { BidFigures } from './auction/BidFigures';
import { BidPills } from './auction/BidPills';
import { WinnerOrder } from './auction/WinnerOrder';

const CLOSING_NOTE = {
  soft: 'auctions.page.softNote',
  sudden: 'auctions.page.suddenNote',
} as const;

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

          <Auctioneer seller={auction.seller} />
          {auction.hidden && (
            <p className="notice notice--error" role="status" data-testid="hidden-notice">
              {m(MSG.listingHidden)}{' '}
              <span dir="auto">{t('auctions.page.hiddenReason', { reason: auction.hidden.reason })}</span>
            </p>
          )}
          {user && !auction.isOwner && <ReportButton kind="auction" id={auction.id} />}

          <section className="bid-box" aria-label={t('auctions.page.bidding')}>
            <BidFigures auction={auction} over={over} />

            <BidPills auction={auction} open={open} over={over} reserve={reserve} />

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

      <AuctionAbout auction={auction} viewerId={viewerId} open={open} over={over} reserve={reserve} />
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
