import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CATEGORIES, CONDITIONS, MSG, type ProductInput } from '@souq/shared';
import { FileInput } from '../../components/FileInput';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { MoneyInput } from '../../components/MoneyInput';
import { UploadProgress } from '../../components/UploadProgress';
import { reworded, useForm } from '../../components/useForm';
import { useT, type MessageKey } from '../../i18n';
import { useCategoryName } from '../../components/category-names';
import { ImagePicker, usePickedImages } from './ImagePicker';
import { checkProductForm, EMPTY_PRODUCT, type ProductFormMode, type ProductFormValues } from './product-values';

export interface ProductSubmission {
  data: ProductInput;
  images: File[];
  invoice: File | null;
  /** For uploads: how much has been sent, 0…1, shown under the form. */
  onProgress: (fraction: number) => void;
}

interface Props {
  /** 'add' also takes the photos and the invoice and follows ProductSchema; 'edit' follows EditProductSchema. */
  mode: ProductFormMode;
  initial?: ProductFormValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (submission: ProductSubmission) => Promise<void>;
  /** Shown when the server refuses (the exact words: 'Something went wrong while uploading.'). */
  failureMessage?: string;
  /** More buttons beside submit: Cancel, Delete. */
  actions?: ReactNode;
}

const CONDITION_LABEL: Record<(typeof CONDITIONS)[number], MessageKey> = {
  new: 'sell.condition.new',
  used: 'sell.condition.used',
  refurbished: 'sell.condition.refurbished',
};

/** The one product form, used by Add Product and Edit Product (the product rules, checked here and on the server). */
export function ProductForm({
  mode,
  initial = EMPTY_PRODUCT,
  submitLabel,
  pendingLabel,
  onSubmit,
  failureMessage,
  actions,
}: Props) {
  const ids = useId();
  const { t, m } = useT();
  const categoryName = useCategoryName();
  /** A field's message (a shared MSG, or the server's words) in the page's language. */
  const say = (message: string | null | undefined) => (message ? m(message) : undefined);
  const [progress, setProgress] = useState<number | null>(null);
  const [invoice, setInvoice] = useState<File | null>(null);
  const picked = usePickedImages();
  const adding = mode === 'add';
  const form = useForm({
    initial,
    check: (values: ProductFormValues) => checkProductForm(values, mode, picked.files, invoice),
    // Said once, above the button (role="alert"), with focus on the first field to fix.
    summary: MSG.correctErrors,
    onFailure: reworded((message) =>
      failureMessage && message !== failureMessage ? `${m(failureMessage)} ${m(message)}` : m(message),
    ),
    focusOnlyFields: true,
  });
  const { values, fields, error, pending } = form;
  const text = (name: keyof ProductFormValues) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => form.edit(name, e.target.value),
    disabled: pending,
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    void form.submit(e, async (data) => {
      try {
        await onSubmit({ data, images: picked.files, invoice: adding ? invoice : null, onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    });
  }

  return (
    <form className="product-form" noValidate onSubmit={submit} data-testid="product-form">
      {adding && (
        <section className="form-section">
          <h2>{t('sell.form.photos')}</h2>
          <p className="form-section__lead">{t('sell.form.photosLead')}</p>
          <ImagePicker
            id={`${ids}-images`}
            picked={picked}
            error={say(fields.images)}
            disabled={pending}
            onChange={() => form.clearField('images')}
          />
        </section>
      )}

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
            <span className="field__label" id={`${ids}-condition`}>
              {t('sell.form.condition')}
            </span>
            <div className="segmented" role="radiogroup" aria-labelledby={`${ids}-condition`}>
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
                    onChange={(e) => form.edit('condition', e.target.value)}
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

      {adding && (
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
                    setInvoice(e.target.files?.[0] ?? null);
                    form.clearField('invoice');
                  }}
                  data-testid="invoice-input"
                />
                {invoice && (
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    disabled={pending}
                    onClick={(e) => {
                      setInvoice(null);
                      form.clearField('invoice');
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
      )}

      <div className="product-form__footer">
        <FormError message={say(error)} />
        {pending && <UploadProgress fraction={progress} label={t('sell.form.uploadProgress')} />}
        <div className="product-form__actions">
          <button type="submit" className="btn btn--primary" disabled={pending} data-testid="product-submit">
            {pending && <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />}
            {pending ? pendingLabel : submitLabel}
          </button>
          {actions}
        </div>
      </div>
    </form>
  );
}
