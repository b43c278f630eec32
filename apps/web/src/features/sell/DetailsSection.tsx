import { Field } from '../../components/Field';
import { useT } from '../../i18n';
import type { ProductFields } from './useProductForm';

/** The brand, origin, size, weight and keywords; origin and size are optional only when adding. */
export function DetailsSection({ adding, kit }: { adding: boolean; kit: ProductFields }) {
  const { t } = useT();
  const { fields, say, text } = kit;
  return (
    <section className="form-section">
      <h2>{t('sell.form.details')}</h2>
      <div className="form-row">
        <Field label={t('sell.form.brand')} error={say(fields.brand)}>
          {(c) => <input {...c} {...text('brand')} maxLength={100} placeholder={t('sell.form.brandPlaceholder')} />}
        </Field>
        <Field label={t('sell.form.country')} optional={adding} error={say(fields.countryOfOrigin)}>
          {(c) => (
            <input
              {...c}
              {...text('countryOfOrigin')}
              maxLength={100}
              autoComplete="country-name"
              placeholder={t('sell.form.countryPlaceholder')}
            />
          )}
        </Field>
      </div>
      <div className="form-row">
        <Field
          label={t('sell.form.dimensions')}
          optional={adding}
          error={say(fields.dimensions)}
          hint={t('sell.form.dimensionsHint')}
        >
          {(c) => (
            <input
              {...c}
              {...text('dimensions')}
              placeholder={t('sell.form.dimensionsPlaceholder')}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t('sell.form.weight')} error={say(fields.weight)}>
          {(c) => (
            <input
              {...c}
              {...text('weight')}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('sell.form.weightPlaceholder')}
            />
          )}
        </Field>
      </div>
      <Field label={t('sell.form.keywords')} optional error={say(fields.keywords)} hint={t('sell.form.keywordsHint')}>
        {(c) => <input {...c} {...text('keywords')} autoComplete="off" />}
      </Field>
    </section>
  );
}
