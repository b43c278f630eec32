import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, type PinCard } from '@souq/shared';
import { isRetryable, newIdempotencyKey } from '../../../api/bids';
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

/** Buy It Now: each pinned item with its price and what is left; one tap buys one unit while stock lasts. */
export function PinsPanel({ streamId, pins, canBuy, requireVerified }: Props) {
  const { t, m, locale } = useT();
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
        {pins.map((pin) => {
          const left = Math.max(0, pin.stock - pin.sold);
          const price = formatMoney(pin.price, locale);
          return (
            <li key={pin.id} className="pins__item" data-testid="pin" data-sold-out={left === 0 || undefined}>
              <ProductThumb image={pin.product.image} size={56} />
              <span className="pins__text">
                <bdi>{pin.product.title}</bdi>
                <strong>
                  <bdi>{price}</bdi>
                </strong>
                <span className="muted" data-testid="pin-left">
                  {left === 0 ? t('show.pins.soldOut') : t('show.pins.left', { count: left, n: String(left) })}
                </span>
              </span>
              {canBuy && (
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={left === 0 || buy.isPending}
                  aria-label={t('show.pins.buyLabel', { title: pin.product.title, amount: price })}
                  onClick={() => onBuy(pin)}
                  data-testid="pin-buy"
                >
                  {left === 0 ? t('show.pins.soldOut') : t('show.pins.buy')}
                </button>
              )}
            </li>
          );
        })}
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
