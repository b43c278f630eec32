import { useId, type FormEvent } from 'react';
import {
  GIVEAWAY_ELIGIBILITIES,
  GiveawaySchema,
  parseAmountToFils,
  toFieldErrors,
  type GiveawayCard,
  type GiveawayInput,
  type ProductSummary,
} from '@souq/shared';
import { Field } from '../../../components/Field';
import type { FormCheck } from '../../../components/form-check';
import { MoneyInput } from '../../../components/MoneyInput';
import { useForm } from '../../../components/useForm';
import { useSecondsLeft } from '../../../components/useSecondsLeft';
import { useT } from '../../../i18n';
import { useStartGiveaway } from '../host-api';
import { formatMMSS } from '../live-state';
import { ProductPicker } from './ProductPicker';

type GiveawayValues = {
  productId: string;
  eligibility: string;
  seconds: string;
  deliveryFee: string;
  acceptTerms: boolean;
};
const NO_GIVEAWAY: GiveawayValues = {
  productId: '',
  eligibility: 'everyone',
  seconds: '60',
  deliveryFee: '0',
  acceptTerms: false,
};

/** A giveaway checked by the server's own GiveawaySchema, the typed charge read as fils first. */
export function checkGiveaway(values: GiveawayValues): FormCheck<GiveawayInput> {
  const parsed = GiveawaySchema.safeParse({
    ...values,
    deliveryFee: parseAmountToFils(values.deliveryFee) ?? Number.NaN,
  });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fields: toFieldErrors(parsed.error) };
}

/** The running or last giveaway, as the host follows it. */
function GiveawayStatus({ giveaway }: { giveaway: GiveawayCard }) {
  const { t } = useT();
  const seconds = useSecondsLeft(giveaway.endsAt) ?? 0;
  return (
    <p className="muted" role="status" data-testid="host-giveaway">
      <bdi>{giveaway.product.title}</bdi> ·{' '}
      {giveaway.status === 'open'
        ? seconds > 0
          ? t('host.giveaway.running', { time: formatMMSS(seconds) })
          : t('show.giveaway.drawing')
        : giveaway.winner
          ? t('show.giveaway.winner', {
              user: giveaway.winner.username,
              count: giveaway.entries,
              n: String(giveaway.entries),
            })
          : t('show.giveaway.noEntries')}
    </p>
  );
}

/** The host's giveaway: a product, who may enter, the timer, the winner's delivery charge, and the rules' reminder. */
export function GiveawayManager({
  streamId,
  giveaway,
  products,
}: {
  streamId: string;
  giveaway: GiveawayCard | null;
  products: ProductSummary[] | undefined;
}) {
  const { t, m } = useT();
  const titleId = useId();
  const start = useStartGiveaway(streamId);
  const form = useForm({ initial: NO_GIVEAWAY, check: checkGiveaway });
  const { values, fields: errors } = form;
  const running = giveaway?.status === 'open';
  const offered = (products ?? []).filter((p) => !p.isAuction);

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, async (input) => {
      await start.mutateAsync(input);
      form.setValues(NO_GIVEAWAY);
    });

  return (
    <section className="card host-panel" aria-labelledby={titleId} data-testid="giveaway-manager">
      <h2 id={titleId}>{t('host.giveaway.title')}</h2>
      <p className="field__hint">{t('host.giveaway.hint')}</p>
      {giveaway && <GiveawayStatus giveaway={giveaway} />}
      <form className="host-pin-form" onSubmit={submit} noValidate>
        <Field label={t('host.lots.product')} error={errors.productId}>
          {(control) => (
            <ProductPicker
              {...control}
              value={values.productId}
              disabled={running}
              products={offered}
              loading={!products}
              onChange={(productId) => form.edit('productId', productId)}
            />
          )}
        </Field>
        <fieldset className="host-choices">
          <legend>{t('host.giveaway.who')}</legend>
          {GIVEAWAY_ELIGIBILITIES.map((who) => (
            <label key={who} className="check-field">
              <input
                type="radio"
                name={`${titleId}-who`}
                value={who}
                checked={values.eligibility === who}
                onChange={() => form.edit('eligibility', who)}
              />
              {t(`host.giveaway.who.${who}`)}
            </label>
          ))}
        </fieldset>
        <div className="host-pin-form__row">
          <Field label={t('host.giveaway.seconds')} error={errors.seconds}>
            {(control) => (
              <input {...control} type="text" inputMode="numeric" autoComplete="off" {...form.bind('seconds')} />
            )}
          </Field>
          <Field label={t('host.giveaway.fee')} error={errors.deliveryFee}>
            {(control) => <MoneyInput {...control} {...form.bind('deliveryFee')} />}
          </Field>
        </div>
        <label className="check-field">
          <input
            type="checkbox"
            checked={values.acceptTerms}
            onChange={(e) => form.edit('acceptTerms', e.target.checked)}
            aria-invalid={errors.acceptTerms ? true : undefined}
          />
          {t('host.giveaway.terms')}
        </label>
        {errors.acceptTerms && <small className="field__error">{m(errors.acceptTerms)}</small>}
        {form.error && (
          <p className="form-error" role="alert">
            {m(form.error)}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={running || form.pending}>
          {t('host.giveaway.start')}
        </button>
        {running && <p className="field__hint">{t('host.giveaway.oneAtATime')}</p>}
      </form>
    </section>
  );
}
