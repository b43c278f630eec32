import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, type ChatAck, type ChatMessage, type Lot } from '@souq/shared';
import { newIdempotencyKey } from '../../../api/bids';
import { requestSocket } from '../../../api/socket';
import { ProductThumb } from './ProductThumb';
import { useT } from '../../../i18n';
import { richT } from '../../../i18n';
import { TimeLeft } from '../TimeLeft';
import { bidLine, lotQuickBids } from './quick-bids';

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
  const { t, m, locale } = useT();
  const [answer, setAnswer] = useState<{ tone: 'ok' | 'info' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
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

  async function bid(amount: number) {
    if (!me || sending) return;
    if (!me.verified) {
      onNeedVerify();
      setAnswer({ tone: 'error', text: t('show.lot.verifyToBid') });
      return;
    }
    setSending(true);
    const reply: ChatAck = await requestSocket('stream:chat', {
      streamId,
      text: bidLine(amount),
      clientId: newIdempotencyKey(),
    });
    setSending(false);
    if (reply.ok) {
      onSent(reply.message);
      setAnswer(reply.bid ? { tone: reply.bid.leading ? 'ok' : 'info', text: reply.bid.message } : null);
    } else {
      if (reply.code === 'EMAIL_NOT_VERIFIED') onNeedVerify();
      setAnswer({ tone: 'error', text: reply.message });
    }
  }

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
      {lot.status === 'running' && !isHost && canBid && (
        <div className="lot__quick" role="group" aria-label={t('show.lot.quickBids')}>
          {lotQuickBids(lot.minimumBid).map((amount) => (
            <button
              key={amount}
              type="button"
              className="btn btn--primary lot__quick-bid"
              disabled={sending}
              onClick={() => void bid(amount)}
              data-testid="quick-bid"
            >
              {t('show.lot.quickBid', { amount: formatMoney(amount, locale) })}
            </button>
          ))}
        </div>
      )}
      {answer && (
        <p
          className={`chat__answer chat__answer--${answer.tone}`}
          role={answer.tone === 'error' ? 'alert' : 'status'}
          data-testid="quick-bid-answer"
        >
          {m(answer.text)}
        </p>
      )}
    </section>
  );
}
