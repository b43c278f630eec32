import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, type PinCard } from '@souq/shared';
import { isRetryable, newIdempotencyKey } from '../../../api/bids';
import { useSecondsLeft } from '../../../components/useSecondsLeft';
import { formatMMSS } from '../live-state';
import { ProductThumb } from './ProductThumb';
import { useT } from '../../../i18n';
import { richT } from '../../../i18n';
import { useBuyPin } from './api';

interface Props {
  streamId: string;
  pins: PinCard[];
  /** Buying is open: the show is live, and this person is not the host. */
  canBuy: boolean;
  /** The gate before a buy (signed in, verified): false stops it (the gate shows the way). */
  requireVerified(): boolean;
}

/** A flash sale's line: the shop price struck through, the limit, and the countdown on the server's clock. */
function FlashTerms({
  flash,
  secondsLeft,
  soldOut,
}: {
  flash: NonNullable<PinCard['flash']>;
  secondsLeft: number;
  soldOut: boolean;
}) {
  const { t, locale } = useT();
  return (
    <span className="pins__flash" data-testid="pin-flash">
      <span className="badge badge--flash">{t('show.flash.badge')}</span>{' '}
      <s aria-label={t('show.flash.was', { amount: formatMoney(flash.listPrice, locale) })}>
        <bdi>{formatMoney(flash.listPrice, locale)}</bdi>
      </s>{' '}
      {/* Sold out says so below: no clock runs on for it. */}
      {soldOut ? null : secondsLeft > 0 ? (
        <span className="countdown" role="timer" data-testid="pin-flash-left">
          {t('show.flash.endsIn', { time: formatMMSS(secondsLeft) })}
        </span>
      ) : (
        <span className="muted">{t('show.flash.ended')}</span>
      )}{' '}
      <span className="muted">{t('show.flash.limit', { count: flash.perBuyer, n: String(flash.perBuyer) })}</span>
    </span>
  );
}

interface ItemProps {
  pin: PinCard;
  canBuy: boolean;
  pending: boolean;
  onBuy(pin: PinCard): void;
}

/** One pinned item: its price, what is left, and Buy while stock (and a flash sale's clock) lasts. */
function PinItem({ pin, canBuy, pending, onBuy }: ItemProps) {
  const { t, locale } = useT();
  const seconds = useSecondsLeft(pin.flash?.endsAt ?? new Date(0).toISOString()) ?? 0;
  const left = Math.max(0, pin.stock - pin.sold);
  const over = pin.flash !== null && seconds === 0;
  const price = formatMoney(pin.price, locale);
  const label = left === 0 ? t('show.pins.soldOut') : over ? t('show.flash.ended') : t('show.pins.buy');
  return (
    <li className="pins__item" data-testid="pin" data-sold-out={left === 0 || undefined}>
      <ProductThumb image={pin.product.image} size={56} />
      <span className="pins__text">
        <bdi>{pin.product.title}</bdi>
        <strong>
          <bdi>{price}</bdi>
        </strong>
        {pin.flash && <FlashTerms flash={pin.flash} secondsLeft={seconds} soldOut={left === 0} />}
        <span className="muted" data-testid="pin-left">
          {left === 0 ? t('show.pins.soldOut') : t('show.pins.left', { count: left, n: String(left) })}
        </span>
      </span>
      {canBuy && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={left === 0 || over || pending}
          aria-label={t('show.pins.buyLabel', { title: pin.product.title, amount: price })}
          onClick={() => onBuy(pin)}
          data-testid="pin-buy"
        >
          {label}
        </button>
      )}
    </li>
  );
}

/** Buy It Now: each pinned item with its price and what is left; one tap buys one unit while stock lasts. */
export function PinsPanel({ streamId, pins, canBuy, requireVerified }: Props) {
  const { t, m } = useT();
  const buy = useBuyPin(streamId);
  const [bought, setBought] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A tap whose answer never came is retried with the same key: the server sells it once.
  const unanswered = useRef<{ pinId: string; key: string } | null>(null);
  const done = useRef<HTMLParagraphElement>(null);

  if (pins.length === 0) return null;

  function onBuy(pin: PinCard) {
    if (!requireVerified()) return;
    const key = unanswered.current?.pinId === pin.id ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { pinId: pin.id, key };
    setError(null);
    buy.mutate(
      { pinId: pin.id, key },
      {
        onSuccess: () => {
          unanswered.current = null;
          setBought(pin.product.title);
          requestAnimationFrame(() => done.current?.focus());
        },
        onError: (e) => {
          if (!isRetryable(e)) unanswered.current = null;
          setError(e.message);
        },
      },
    );
  }

  return (
    <section className="pins card" aria-labelledby="pins-title" data-testid="pins">
      <h2 id="pins-title">{t('show.pins.title')}</h2>
      <ul className="pins__list">
        {pins.map((pin) => (
          <PinItem key={pin.id} pin={pin} canBuy={canBuy} pending={buy.isPending} onBuy={onBuy} />
        ))}
      </ul>
      {bought && (
        <p ref={done} tabIndex={-1} className="notice notice--ok" role="status" data-testid="pin-bought">
          {richT(t, 'show.pins.bought', {
            title: <bdi>{bought}</bdi>,
            link: <Link to="/MyAccount?tab=orders">{t('show.pins.boughtLink')}</Link>,
          })}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="pin-error">
          {m(error)}
        </p>
      )}
    </section>
  );
}
