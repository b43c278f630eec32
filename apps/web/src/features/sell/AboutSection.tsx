import { CATEGORIES, CONDITIONS } from '@souq/shared';
import { useCategoryName } from '../../components/category-names';
import { Field } from '../../components/Field';
import { useT, type MessageKey } from '../../i18n';
import type { ProductFields } from './useProductForm';

const CONDITION_LABEL: Record<(typeof CONDITIONS)[number], MessageKey> = {
  new: 'sell.condition.new',
  used: 'sell.condition.used',
  refurbished: 'sell.condition.refurbished',
};

/** What the product is: its title, category, condition and description, and the same in Arabic. */
export function AboutSection({ conditionId, kit }: { conditionId: string; kit: ProductFields }) {
  const { t, m } = useT();
  const categoryName = useCategoryName();
  const { values, fields, pending, say, text } = kit;
  return (
    <section className="form-section">
      <h2>{t('sell.form.about')}</h2>
      <Field label={t('sell.form.title')} error={say(fields.title)}>
        {(c) => <input {...c} {...text('title')} maxLength={120} placeholder={t('sell.form.titlePlaceholder')} />}
      </Field>
      <div className="form-row">
        <Field label={t('sell.form.category')} error={say(fields.category)}>
          {(c) => (
            <select {...c} {...text('category')}>
              <option value="" disabled>
                {t('sell.form.selectCategory')}
              </option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryName(category)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className={`field${fields.condition ? ' field--invalid' : ''}`}>
          <span className="field__label" id={conditionId}>
            {t('sell.form.condition')}
          </span>
          <div className="segmented" role="radiogroup" aria-labelledby={conditionId}>
            {CONDITIONS.map((condition) => (
              <label
                key={condition}
                className={`segmented__option${values.condition === condition ? ' segmented__option--on' : ''}`}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name="condition"
                  value={condition}
                  checked={values.condition === condition}
                  disabled={pending}
                  onChange={(e) => kit.edit('condition', e.target.value)}
                />
                {t(CONDITION_LABEL[condition])}
              </label>
            ))}
          </div>
          {fields.condition && <small className="field__error">{m(fields.condition)}</small>}
        </div>
      </div>
      <Field
        label={t('sell.form.description')}
        error={say(fields.description)}
        hint={t('sell.form.descriptionHint', { count: values.description.trim().length })}
      >
        {(c) => (
          <textarea
            {...c}
            {...text('description')}
            rows={6}
            maxLength={5000}
            placeholder={t('sell.form.descriptionPlaceholder')}
          />
        )}
      </Field>
      <Field label={t('sell.form.titleAr')} optional error={say(fields.titleAr)} hint={t('sell.form.arabicHint')}>
        {(c) => <input {...c} {...text('titleAr')} dir="rtl" lang="ar" maxLength={120} />}
      </Field>
      <Field label={t('sell.form.descriptionAr')} optional error={say(fields.descriptionAr)}>
        {(c) => <textarea {...c} {...text('descriptionAr')} dir="rtl" lang="ar" rows={4} maxLength={5000} />}
      </Field>
    </section>
  );
}
