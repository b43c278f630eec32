import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG, type Offer, type Order, type SavedAddressView } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { formatGulfDateTime } from '../../components/dates';
import { refusalOf, useForm } from '../../components/useForm';
import { useT, type MessageKey } from '../../i18n';
import { amountCheck } from './amount';
import { useCounterOffer, useOfferStep, type OfferStep } from './api';
import { OfferCheckout } from './OfferCheckout';

const STATUS: Record<Offer['status'], MessageKey> = {
  pending: 'offers.status.pending',
  countered: 'offers.status.countered',
  accepted: 'offers.status.accepted',
  ordered: 'offers.status.ordered',
  declined: 'offers.status.declined',
  withdrawn: 'offers.status.withdrawn',
  lapsed: 'offers.status.lapsed',
  sold_elsewhere: 'offers.status.sold_elsewhere',
};

interface Props {
  offer: Offer;
  side: 'buyer' | 'seller';
  saved: SavedAddressView[];
}

/** One offer, as its buyer or its seller sees it, with the moves that side may make now. */
export function OfferCard({ offer, side, saved }: Props) {
  const { t, m, locale } = useT();
  const step = useOfferStep(offer.id);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const other = side === 'buyer' ? offer.seller : offer.buyer;
  const run = (s: OfferStep) => {
    setError(null);
    step.mutate(s, { onError: (e) => setError(refusalOf(e).message) });
  };
  const button = (s: OfferStep, label: MessageKey, primary = false): ReactNode => (
    <button
      type="button"
      className={`btn ${primary ? 'btn--primary' : 'btn--ghost'}`}
      disabled={step.isPending}
      onClick={() => run(s)}
      data-testid={`offer-${s}`}
    >
      {t(label)}
    </button>
  );
  const price = offer.counterAmount ?? offer.amount;
  return (
    <li className="card offer-card" data-testid="offer-card" data-status={offer.status}>
      <div className="offer-card__head">
        <img src={offer.image ?? undefined} alt="" width={64} height={64} className="offer-card__image" />
        <div className="offer-card__text">
          <Link to={`/product/${offer.productId}`} className="offer-card__title">
            <bdi>{offer.title}</bdi>
          </Link>
          <span className={`offer-badge offer-badge--${offer.status}`}>{t(STATUS[offer.status])}</span>
          <span className="muted">
            {t(side === 'buyer' ? 'offers.card.seller' : 'offers.card.buyer')} <bdi>{other.username}</bdi>
          </span>
        </div>
      </div>
      <dl className="offer-card__amounts">
        <dt>{t('offers.card.price')}</dt>
        <dd>
          <Money fils={offer.listPrice} />
        </dd>
        <dt>{t('offers.card.offered')}</dt>
        <dd>
          <Money fils={offer.amount} />
        </dd>
        {offer.counterAmount !== null && (
          <>
            <dt>{t('offers.card.counter')}</dt>
            <dd data-testid="counter-amount">
              <Money fils={offer.counterAmount} />
            </dd>
          </>
        )}
      </dl>
      {offer.declined === 'below_floor' && <p className="muted">{m(MSG.offerBelowFloor)}</p>}
      {offer.expiresAt && (
        <p className="muted">
          {t(offer.status === 'accepted' ? 'offers.card.checkoutBy' : 'offers.card.answerBy', {
            time: formatGulfDateTime(offer.expiresAt, locale),
          })}
        </p>
      )}
      <div className="offer-card__actions">
        {side === 'seller' && offer.status === 'pending' && (
          <>
            {button('accept', 'offers.accept', true)}
            {button('decline', 'offers.decline')}
            <CounterForm offer={offer} />
          </>
        )}
        {side === 'buyer' && offer.status === 'countered' && (
          <>
            {button('accept', 'offers.acceptCounter', true)}
            {button('decline', 'offers.declineCounter')}
          </>
        )}
        {side === 'buyer' &&
          (offer.status === 'pending' || offer.status === 'countered') &&
          button('withdraw', 'offers.withdraw')}
        {offer.status === 'ordered' && (
          <Link to="/MyAccount?tab=orders" className="btn btn--ghost" data-testid="offer-order-link">
            {t(side === 'buyer' ? 'offers.seeOrder' : 'offers.seeSale')}
          </Link>
        )}
      </div>
      {side === 'buyer' && offer.status === 'accepted' && !placed && (
        <OfferCheckout offerId={offer.id} price={price} saved={saved} onPlaced={setPlaced} />
      )}
      {placed && (
        <p className="notice" role="status" data-testid="offer-placed">
          {t('offers.checkout.placed')}
        </p>
      )}
      <FormError message={error} />
    </li>
  );
}

/** The seller's counter: an amount between the buyer's offer and the price. */
function CounterForm({ offer }: { offer: Offer }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const counter = useCounterOffer(offer.id);
  const form = useForm({
    initial: { amount: '' },
    check: (v) => amountCheck(v.amount, { below: offer.listPrice, above: offer.amount, outside: MSG.counterBetween }),
  });
  if (!open)
    return (
      <button type="button" className="btn btn--ghost" onClick={() => setOpen(true)} data-testid="offer-counter">
        {t('offers.counter')}
      </button>
    );
  return (
    <form
      className="offer-counter"
      noValidate
      onSubmit={(e) => void form.submit(e, async ({ amount }) => void (await counter.mutateAsync(amount)))}
    >
      <Field label={t('offers.counterAmount')} error={form.fields.amount}>
        {(c) => <MoneyInput {...c} {...form.bind('amount')} disabled={form.pending} autoFocus />}
      </Field>
      <FormError message={form.fields.amount ? null : form.error} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={form.pending} data-testid="send-counter">
          {t('offers.sendCounter')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
          {t('offers.cancel')}
        </button>
      </div>
    </form>
  );
}
