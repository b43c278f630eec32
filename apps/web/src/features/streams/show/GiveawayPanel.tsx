import { useRef } from 'react';
import { Link } from 'react-router';
import { formatMoney, type GiveawayCard } from '@souq/shared';
import { useSecondsLeft } from '../../../components/useSecondsLeft';
import { richT, useT } from '../../../i18n';
import { formatMMSS } from '../live-state';
import { useEnterGiveaway } from './api';
import { ProductThumb } from './ProductThumb';

interface Props {
  streamId: string;
  giveaway: GiveawayCard | null;
  entered: boolean;
  /** This viewer's id; null for a visitor. */
  me: string | null;
  /** Entering is open to this person: the show is live and they are not the host. */
  canEnter: boolean;
  /** The gate before an entry (signed in, verified): false stops it (the gate shows the way). */
  requireVerified(): boolean;
}

/** The show's giveaway: the prize, who may enter, the countdown on the server's clock, Enter, and the winner. */
export function GiveawayPanel({ streamId, giveaway, entered, me, canEnter, requireVerified }: Props) {
  const { t, m, locale } = useT();
  const enter = useEnterGiveaway(streamId);
  const seconds = useSecondsLeft(giveaway?.endsAt ?? new Date(0).toISOString());
  const done = useRef<HTMLParagraphElement>(null);
  if (!giveaway) return null;

  const open = giveaway.status === 'open' && (seconds ?? 1) > 0;
  const won = giveaway.winner !== null && giveaway.winner.id === me;
  const onEnter = () => {
    if (!requireVerified()) return;
    enter.mutate(giveaway.id, { onSuccess: () => requestAnimationFrame(() => done.current?.focus()) });
  };

  return (
    <section className="pins card giveaway" aria-labelledby="giveaway-title" data-testid="giveaway">
      <h2 id="giveaway-title">{t('show.giveaway.title')}</h2>
      <div className="pins__item">
        <ProductThumb image={giveaway.product.image} size={56} />
        <span className="pins__text">
          <bdi>{giveaway.product.title}</bdi>
          <span className="muted">{t(`show.giveaway.for.${giveaway.eligibility}`)}</span>
          <span className="muted">
            {giveaway.deliveryFee > 0
              ? t('show.giveaway.fee', { amount: formatMoney(giveaway.deliveryFee, locale) })
              : t('show.giveaway.freeDelivery')}
          </span>
        </span>
        {open && (
          <span className="countdown time-left time-left--viewer" role="timer" data-testid="giveaway-left">
            {formatMMSS(seconds ?? 0)}
          </span>
        )}
      </div>
      {open && canEnter && !entered && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={enter.isPending}
          onClick={onEnter}
          data-testid="giveaway-enter"
        >
          {t('show.giveaway.enter')}
        </button>
      )}
      {open && entered && (
        <p ref={done} tabIndex={-1} className="notice notice--ok" role="status" data-testid="giveaway-entered">
          {t('show.giveaway.entered')}
        </p>
      )}
      {!open && giveaway.status === 'open' && (
        <p className="muted" role="status">
          {t('show.giveaway.drawing')}
        </p>
      )}
      {giveaway.status === 'no_entries' && <p className="muted">{t('show.giveaway.noEntries')}</p>}
      {giveaway.status === 'drawn' && giveaway.winner && (
        <p className={won ? 'notice notice--ok' : 'muted'} role="status" data-testid="giveaway-winner">
          {won
            ? richT(t, 'show.giveaway.youWon', {
                link: <Link to="/MyAccount?tab=orders">{t('show.pins.boughtLink')}</Link>,
              })
            : t('show.giveaway.winner', {
                user: giveaway.winner.username,
                count: giveaway.entries,
                n: String(giveaway.entries),
              })}
        </p>
      )}
      {enter.error && (
        <p className="form-error" role="alert" data-testid="giveaway-error">
          {m(enter.error.message)}
        </p>
      )}
    </section>
  );
}
