import { useId, useRef, useState, type FormEvent } from 'react';
import {
  formatMoney,
  MSG,
  parseAmountToFils,
  PIN_STOCK_MAX,
  PINS_MAX,
  readNumber,
  type PinCard,
  type ProductSummary,
} from '@souq/shared';
import { MoneyInput } from '../../../components/MoneyInput';
import { useT } from '../../../i18n';
import { usePin, useUnpin } from '../host-api';
import { ProductPicker } from './ProductPicker';
import { offerable } from './run-sheet';

interface Props {
  streamId: string;
  pins: PinCard[];
  /** The host's products; undefined while loading. */
  products: ProductSummary[] | undefined;
  /** Products on the run sheet, not offered for pinning. */
  lotted: ReadonlySet<string>;
}

type Errors = { productId?: string; price?: string; stock?: string };

/** Buy It Now: pin a product with a price and stock, see what sold, unpin. */
export function PinsManager({ streamId, pins, products, lotted }: Props) {
  const { t, m, locale } = useT();
  const titleId = useId();
  const id = useId();
  const pin = usePin(streamId);
  const unpin = useUnpin(streamId);
  const form = useRef<HTMLFormElement>(null);
  const [chosen, setChosen] = useState('');
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('1');
  const [errors, setErrors] = useState<Errors>({});
  const pinned = new Set(pins.map((p) => p.product.id));
  const offered = offerable(products, lotted, pinned);
  const full = pins.length >= PINS_MAX;

  function submit(event: FormEvent) {
    event.preventDefault();
    const fils = parseAmountToFils(price);
    const units = readNumber(stock);
    const problems: Errors = {};
    if (!chosen) problems.productId = MSG.streamChooseProduct;
    if (fils === null || fils <= 0) problems.price = MSG.pricePositive;
    if (units === null || !Number.isInteger(units) || units < 1 || units > PIN_STOCK_MAX)
      problems.stock = MSG.pinStockRange;
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    pin.mutate(
      { productId: chosen, price: fils!, stock: units! },
      {
        onSuccess: () => {
          setChosen('');
          setPrice('');
          setStock('1');
        },
      },
    );
  }

  const failure = pin.error ?? unpin.error;
  const invalid = (name: keyof Errors) => (errors[name] ? { 'aria-invalid': true as const } : {});
  const note = (name: keyof Errors) =>
    errors[name] && (
      <small id={`${id}-${name}-note`} className="field__error">
        {m(errors[name])}
      </small>
    );

  return (
    <section className="card host-panel" aria-labelledby={titleId} data-testid="pins-manager">
      <h2 id={titleId}>{t('host.pins.title')}</h2>
      <p className="field__hint">{t('host.pins.hint')}</p>
      {pins.length === 0 ? (
        <p className="muted" data-testid="pins-empty">
          {t('host.pins.empty')}
        </p>
      ) : (
        <ul className="host-list">
          {pins.map((p) => (
            <li key={p.id} className="host-list__item" data-testid="pin-row">
              {p.product.image.thumb && <img src={p.product.image.thumb} alt="" className="run-sheet__thumb" />}
              <span className="host-list__main">
                <strong>
                  <bdi>{p.product.title}</bdi>
                </strong>
                <span className="muted">
                  <bdi>{formatMoney(p.price, locale)}</bdi> ·{' '}
                  {p.sold >= p.stock ? t('host.pins.soldOut') : t('host.pins.sold', { sold: p.sold, stock: p.stock })}
                </span>
              </span>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={unpin.isPending}
                onClick={() => unpin.mutate(p.id)}
                aria-label={t('host.pins.unpin', { title: p.product.title })}
              >
                {t('host.pins.unpinShort')}
              </button>
            </li>
          ))}
        </ul>
      )}

      <form ref={form} className="host-pin-form" onSubmit={submit} noValidate>
        <div className={`field${errors.productId ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-product`}>{t('host.lots.product')}</label>
          <ProductPicker
            id={`${id}-product`}
            value={chosen}
            disabled={full}
            {...invalid('productId')}
            aria-describedby={errors.productId ? `${id}-productId-note` : undefined}
            products={offered}
            loading={!products}
            onChange={(productId) => {
              setChosen(productId);
              const product = offered.find((p) => p.id === productId);
              if (product && !price) setPrice((product.price / 100).toFixed(2));
            }}
          />
          {note('productId')}
        </div>
        <div className="host-pin-form__row">
          <div className={`field${errors.price ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-price`}>{t('host.pins.price')}</label>
            <MoneyInput
              id={`${id}-price`}
              value={price}
              {...invalid('price')}
              aria-describedby={errors.price ? `${id}-price-note` : undefined}
              onChange={(e) => setPrice(e.target.value)}
            />
            {note('price')}
          </div>
          <div className={`field${errors.stock ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-stock`}>{t('host.pins.stock')}</label>
            <input
              id={`${id}-stock`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={stock}
              {...invalid('stock')}
              aria-describedby={errors.stock ? `${id}-stock-note` : undefined}
              onChange={(e) => setStock(e.target.value)}
            />
            {note('stock')}
          </div>
        </div>
        {failure && (
          <p className="form-error" role="alert">
            {m(failure.message)}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={full || pin.isPending}>
          {t('host.pins.pin')}
        </button>
        {full && <p className="field__hint">{m(MSG.pinsFull)}</p>}
      </form>
    </section>
  );
}
