import { useState } from 'react';
import { filsToAmount, MSG, parseAmountToFils, readNumber, type OfferTermsView } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { MoneyInput } from '../../components/MoneyInput';
import { Skeleton } from '../../components/Skeleton';
import { useForm } from '../../components/useForm';
import type { FormCheck } from '../../components/form-check';
import { useT } from '../../i18n';
import { useOfferTerms, useSetOfferTerms } from './api';
import './offers.css';

type Values = { allow: boolean; floor: string; units: string };
type Terms = { allow: boolean; floor: number | null; units: number };

const valuesOf = (v: OfferTermsView): Values => ({
  allow: v.allow,
  floor: v.mine?.floor ? filsToAmount(v.mine.floor) : '',
  units: String(v.mine?.units ?? 1),
});

/** The browser's check of the terms, in the server's words: a floor below the price, 1 to 999 units. */
function check(price: number) {
  return (v: Values): FormCheck<Terms> => {
    const floor = v.floor.trim() ? parseAmountToFils(v.floor) : null;
    const units = readNumber(v.units);
    if (v.floor.trim() && (floor === null || floor <= 0))
      return { ok: false, fields: { floor: MSG.offerAmountWholeFils }, message: MSG.offerAmountWholeFils };
    if (floor !== null && floor >= price)
      return { ok: false, fields: { floor: MSG.offerFloorBelowPrice }, message: MSG.offerFloorBelowPrice };
    if (units === null || !Number.isInteger(units) || units < 1 || units > 999)
      return { ok: false, fields: { units: MSG.offerUnitsRange }, message: MSG.offerUnitsRange };
    return { ok: true, data: { allow: v.allow, floor, units } };
  };
}

/** The seller's terms for offers, on their own product's page: on or off, a hidden floor, units. */
export function OfferTermsPanel({ product }: { product: { id: string; price: number } }) {
  const terms = useOfferTerms(product.id);
  if (terms.isPending) return <Skeleton height={148} className="offer-terms offer-terms--loading" />;
  if (!terms.data?.mine) return null;
  return <TermsForm product={product} view={terms.data} />;
}

function TermsForm({ product, view }: { product: { id: string; price: number }; view: OfferTermsView }) {
  const { t } = useT();
  const save = useSetOfferTerms(product.id);
  const [saved, setSaved] = useState(false);
  const form = useForm({ initial: valuesOf(view), check: check(product.price) });
  const mine = view.mine!;
  return (
    <form
      className="card offer-terms"
      noValidate
      data-testid="offer-terms"
      onSubmit={(e) =>
        void form.submit(e, async (body) => {
          setSaved(false);
          await save.mutateAsync(body);
          setSaved(true);
        })
      }
    >
      <h2>{t('offers.terms.title')}</h2>
      <label className="offer-terms__allow">
        <input
          type="checkbox"
          checked={form.values.allow}
          onChange={(e) => form.edit('allow', e.target.checked)}
          data-testid="allow-offers"
        />
        {t('offers.terms.allow')}
      </label>
      {form.values.allow && (
        <div className="form-row">
          <Field label={t('offers.terms.floor')} optional error={form.fields.floor} hint={t('offers.terms.floorHint')}>
            {(c) => <MoneyInput {...c} {...form.bind('floor')} />}
          </Field>
          <Field label={t('offers.terms.units')} error={form.fields.units}>
            {(c) => <input {...c} {...form.bind('units')} inputMode="numeric" className="offer-terms__units" />}
          </Field>
        </div>
      )}
      <p className="muted">{t('offers.terms.counts', { reserved: mine.reserved, sold: mine.sold })}</p>
      <FormError message={form.error} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={form.pending} data-testid="save-terms">
          {t('offers.terms.save')}
        </button>
        {saved && (
          <span role="status" className="muted">
            {t('offers.terms.saved')}
          </span>
        )}
      </div>
    </form>
  );
}
