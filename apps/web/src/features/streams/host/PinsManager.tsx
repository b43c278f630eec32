import { useId, type FormEvent } from 'react';
import {
  formatMoney,
  MSG,
  parseAmountToFils,
  PINS_MAX,
  PinSchema,
  toFieldErrors,
  readNumber,
  type PinCard,
  type PinInput,
  type ProductSummary,
} from '@souq/shared';
import { Field } from '../../../components/Field';
import type { FormCheck } from '../../../components/form-check';
import { MoneyInput } from '../../../components/MoneyInput';
import { useForm } from '../../../components/useForm';
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

type FlashField = 'flashSeconds' | 'perBuyer';

/** A flash sale's countdown and per-buyer limit, shown once the host ticks "Flash sale". */
function FlashFields({ form }: { form: ReturnType<typeof useForm<PinValues, PinInput>> }) {
  const { t } = useT();
  const field = (name: FlashField, label: string) => (
    <Field label={label} error={form.fields[name]}>
      {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" {...form.bind(name)} />}
    </Field>
  );
  return (
    <div className="host-pin-form__row" data-testid="flash-fields">
      {field('flashSeconds', t('host.flash.seconds'))}
      {field('perBuyer', t('host.flash.perBuyer'))}
    </div>
  );
}

type PinValues = {
  productId: string;
  price: string;
  stock: string;
  flash: boolean;
  flashSeconds: string;
  perBuyer: string;
};
const NO_PIN: PinValues = { productId: '', price: '', stock: '1', flash: false, flashSeconds: '60', perBuyer: '1' };

/** A pin checked by the server's own PinSchema, the typed amount and stock read first. */
export function checkPin(values: PinValues): FormCheck<PinInput> {
  const parsed = PinSchema.safeParse({
    productId: values.productId,
    price: parseAmountToFils(values.price) ?? Number.NaN,
    stock: readNumber(values.stock) ?? Number.NaN,
    // A flash sale's clock and limit, as typed (the schema reads either digit set).
    ...(values.flash && { flashSeconds: values.flashSeconds, perBuyer: values.perBuyer }),
  });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fields: toFieldErrors(parsed.error) };
}

/** The pinned items, each with what sold and its Unpin. */
function PinRows({ pins, unpin }: { pins: PinCard[]; unpin: ReturnType<typeof useUnpin> }) {
  const { t, locale } = useT();
  return (
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
              {p.flash && <> · {t('show.flash.badge')}</>}
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
  );
}

/** Buy It Now: pin a product with a price and stock, see what sold, unpin. */
export function PinsManager({ streamId, pins, products, lotted }: Props) {
  const { t, m } = useT();
  const titleId = useId();
  const id = useId();
  const pin = usePin(streamId);
  const unpin = useUnpin(streamId);
  const form = useForm({ initial: NO_PIN, check: checkPin });
  const { values, fields: errors } = form;
  const pinned = new Set(pins.map((p) => p.product.id));
  const offered = offerable(products, lotted, pinned);
  const full = pins.length >= PINS_MAX;

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, async (input) => {
      await pin.mutateAsync(input);
      form.setValues(NO_PIN);
    });

  // The pin's refusal is the form's (useForm, after the gates); an unpin's is said here too.
  const failure = form.error ?? unpin.error?.message;
  const invalid = (name: keyof PinValues) => (errors[name] ? { 'aria-invalid': true as const } : {});
  const note = (name: keyof PinValues) =>
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
        <PinRows pins={pins} unpin={unpin} />
      )}

      <form className="host-pin-form" onSubmit={submit} noValidate>
        <div className={`field${errors.productId ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-product`}>{t('host.lots.product')}</label>
          <ProductPicker
            id={`${id}-product`}
            value={values.productId}
            disabled={full}
            {...invalid('productId')}
            aria-describedby={errors.productId ? `${id}-productId-note` : undefined}
            products={offered}
            loading={!products}
            onChange={(productId) => {
              form.edit('productId', productId);
              const product = offered.find((p) => p.id === productId);
              // The shop price is the pin's unless the host says otherwise.
              if (product && !values.price) form.edit('price', (product.price / 100).toFixed(2));
            }}
          />
          {note('productId')}
        </div>
        <div className="host-pin-form__row">
          <div className={`field${errors.price ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-price`}>{t('host.pins.price')}</label>
            <MoneyInput
              id={`${id}-price`}
              {...form.bind('price')}
              {...invalid('price')}
              aria-describedby={errors.price ? `${id}-price-note` : undefined}
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
              {...form.bind('stock')}
              {...invalid('stock')}
              aria-describedby={errors.stock ? `${id}-stock-note` : undefined}
            />
            {note('stock')}
          </div>
        </div>
        <label className="check-field">
          <input type="checkbox" checked={values.flash} onChange={(e) => form.edit('flash', e.target.checked)} />
          {t('host.flash.toggle')}
        </label>
        {values.flash && (
          <>
            <p className="field__hint">{t('host.flash.hint')}</p>
            <FlashFields form={form} />
          </>
        )}
        {failure && (
          <p className="form-error" role="alert">
            {m(failure)}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={full || form.pending}>
          {values.flash ? t('host.flash.start') : t('host.pins.pin')}
        </button>
        {full && <p className="field__hint">{m(MSG.pinsFull)}</p>}
      </form>
    </section>
  );
}
