import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, type ChatMessage, type Lot } from '@souq/shared';
import { richT, useT } from '../../../i18n';
import { TimeLeft } from '../TimeLeft';
import { LotQuickBids } from './LotQuickBids';
import { ProductThumb } from './ProductThumb';
import { useLotBid } from './useLotBid';

interface Props {
  streamId: string;
  /** The lot on screen: running, or the last one that closed; null before the first runs. */
  lot: Lot | null;
  /** Who is watching: null signed out; the host sees no bid buttons. */
  me: { id: string; verified: boolean } | null;
  isHost: boolean;
  /** Bids are taken (the show is live and this viewer was not removed or muted). */
  canBid: boolean;
  onNeedVerify(): void;
  onSent(message: ChatMessage): void;
  /** The current bid and its leader: the stream's banner, in the spec's words ('Highest Bid: … by …'). */
  banner?: ReactNode;
}

/**
 * The lot on screen: its photo, title, starting bid, current bid and leader (the banner), the countdown on
 * the server's clock, quick-bid buttons, and "Sold"/"Passed" over it when it closes.
 */
export function LotCard({ streamId, lot, me, isHost, canBid, onNeedVerify, onSent, banner }: Props) {
  const { t, locale } = useT();
  const { answer, sending, bid } = useLotBid({ streamId, me, onNeedVerify, onSent });
  const overlay = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  const closed = lot?.status === 'sold' || lot?.status === 'passed';

  // The hammer is news: focus moves to it only if nothing else holds focus, so a typist keeps typing.
  useEffect(() => {
    if (closed && document.activeElement === document.body) overlay.current?.focus();
  }, [closed, lot?.id]);

  if (!lot) {
    return (
      <section className="lot card" data-testid="lot-card" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('show.lot.heading')}</h2>
        <p className="muted">{t('show.lot.none')}</p>
      </section>
    );
  }

  const money = (fils: number) => (
    <strong>
      <bdi>{formatMoney(fils, locale)}</bdi>
    </strong>
  );

  const won = lot.status === 'sold' && me !== null && lot.winner?.id === me.id;
  return (
    <section className="lot card" data-testid="lot-card" data-status={lot.status} aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('show.lot.heading')}
      </h2>
      <div className="lot__media">
        <ProductThumb image={lot.product.image} size={96} />
        {closed && (
          <p
            ref={overlay}
            tabIndex={-1}
            className={`lot__overlay lot__overlay--${lot.status}`}
            role="status"
            data-testid="lot-closed"
          >
            {lot.status === 'sold' && lot.winner && lot.currentBid !== null
              ? richT(t, 'show.lot.sold', {
                  user: (
                    <strong>
                      <bdi>{lot.winner.username}</bdi>
                    </strong>
                  ),
                  amount: money(lot.currentBid),
                })
              : t('show.lot.passed')}
          </p>
        )}
      </div>
      <div className="lot__body">
        <h3 className="lot__title" data-testid="lot-title">
          <bdi>{lot.product.title}</bdi>
        </h3>
        <p className="muted">{richT(t, 'show.lot.startingBid', { amount: money(lot.startingBid) })}</p>
        {banner}
        {lot.status === 'running' && lot.endsAt && (
          <p className="lot__clock">
            <span className="sr-only">{t('show.lot.timeLeft')} </span>
            <TimeLeft endsAt={lot.endsAt} ended={false} style="viewer" testId="lot-countdown" />
          </p>
        )}
        {won && (
          <p className="notice notice--ok">
            {richT(t, 'show.lot.youWon', {
              link: <Link to="/MyAccount?tab=orders">{t('live.viewer.completeOrder')}</Link>,
            })}
          </p>
        )}
      </div>
      <LotQuickBids
        minimumBid={lot.minimumBid}
        show={lot.status === 'running' && !isHost && canBid}
        sending={sending}
        answer={answer}
        onBid={(amount) => void bid(amount)}
      />
    </section>
  );
}
