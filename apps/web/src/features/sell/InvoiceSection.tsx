import { FileInput } from '../../components/FileInput';
import { Field } from '../../components/Field';
import { useT } from '../../i18n';
import type { ProductFields } from './useProductForm';

interface Props {
  kit: ProductFields;
  invoice: File | null;
  onInvoice(file: File | null): void;
}

/** A new product's invoice, optional: a PDF or a photo of it. */
export function InvoiceSection({ kit, invoice, onInvoice }: Props) {
  const { t } = useT();
  const { fields, pending, say } = kit;
  return (
    <section className="form-section">
      <h2>{t('sell.form.invoiceSection')}</h2>
      <Field label={t('sell.form.invoice')} optional error={say(fields.invoice)} hint={t('sell.form.invoiceHint')}>
        {(c) => (
          <div className="file-input">
            <FileInput
              {...c}
              name="invoice"
              accept="application/pdf,.pdf,image/*"
              disabled={pending}
              fileName={invoice?.name}
              onChange={(e) => {
                onInvoice(e.target.files?.[0] ?? null);
                kit.clearField('invoice');
              }}
              data-testid="invoice-input"
            />
            {invoice && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={pending}
                onClick={(e) => {
                  onInvoice(null);
                  kit.clearField('invoice');
                  const input = e.currentTarget.parentElement?.querySelector('input');
                  if (input) input.value = '';
                }}
              >
                {t('sell.form.remove')}
              </button>
            )}
          </div>
        )}
      </Field>
    </section>
  );
}
