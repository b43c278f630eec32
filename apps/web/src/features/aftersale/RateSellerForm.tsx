import { RATING_COMMENT_MAX, RateSellerSchema } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useRateSeller } from './api';

const STARS = [1, 2, 3, 4, 5] as const;

/** After delivery, the buyer rates the seller of this part of the order: 1–5 and an optional comment. */
export function RateSellerForm({ lineId }: { lineId: string }) {
  const { t } = useT();
  const rate = useRateSeller(lineId);
  const form = useForm({ initial: { stars: '', comment: '' }, check: bySchema(RateSellerSchema) });
  return (
    <form
      className="aftersale-form"
      data-testid="rate-seller"
      noValidate
      onSubmit={(e) => void form.submit(e, async (data) => void (await rate.mutateAsync(data)))}
    >
      <fieldset className="aftersale-stars">
        <legend>{t('aftersale.rate.title')}</legend>
        {STARS.map((n) => (
          <label key={n} className="aftersale-stars__choice">
            <input
              type="radio"
              name="stars"
              value={n}
              checked={form.values.stars === String(n)}
              onChange={() => form.edit('stars', String(n))}
            />
            <span>{t('aftersale.rate.stars', { count: n })}</span>
          </label>
        ))}
      </fieldset>
      {form.fields.stars && <small className="field__error">{form.fields.stars}</small>}
      <Field label={t('aftersale.rate.comment')} optional error={form.fields.comment}>
        {(control) => <textarea {...control} {...form.bind('comment')} maxLength={RATING_COMMENT_MAX} rows={2} />}
      </Field>
      <FormError message={form.error} />
      <button type="submit" className="btn btn--primary btn--small" disabled={form.pending}>
        {t('aftersale.rate.send')}
      </button>
    </form>
  );
}
