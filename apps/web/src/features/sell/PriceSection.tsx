import { Field } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { useT } from '../../i18n';
import type { ProductFields } from './useProductForm';

/** The price, and the price before it if it was reduced. */
export function PriceSection({ kit }: { kit: ProductFields }) {
  const { t } = useT();
  const { fields, say, text } = kit;
  return (
    <section className="form-section">
      <h2>{t('sell.form.priceSection')}</h2>
      <div className="form-row">
        <Field label={t('sell.form.price')} error={say(fields.price)}>
          {(c) => <MoneyInput {...c} {...text('price')} />}
        </Field>
        <Field
          label={t('sell.form.previousPrice')}
          optional
          error={say(fields.previousPrice)}
          hint={t('sell.form.previousPriceHint')}
        >
          {(c) => <MoneyInput {...c} {...text('previousPrice')} />}
        </Field>
      </div>
    </section>
  );
}
