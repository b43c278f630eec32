import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CATEGORIES, CONDITIONS, MSG, type ProductInput } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { MoneyInput } from '../../components/MoneyInput';
import { UploadProgress } from '../../components/UploadProgress';
import { reworded, useForm } from '../../components/useForm';
import { ImagePicker, usePickedImages } from './ImagePicker';
import { checkProductForm, EMPTY_PRODUCT, type ProductFormMode, type ProductFormValues } from './product-form';

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

const CONDITION_LABEL: Record<(typeof CONDITIONS)[number], string> = {
  new: 'New',
  used: 'Used',
  refurbished: 'Refurbished',
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
      failureMessage && message !== failureMessage ? `${failureMessage} ${message}` : message,
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
          <h2>Photos</h2>
          <p className="form-section__lead">Clear photos in good light sell faster. Buyers see the cover first.</p>
          <ImagePicker
            id={`${ids}-images`}
            picked={picked}
            error={fields.images}
            disabled={pending}
            onChange={() => form.clearField('images')}
          />
        </section>
      )}

      <section className="form-section">
        <h2>About the item</h2>
        <Field label="Title" error={fields.title}>
          {(c) => (
            <input {...c} {...text('title')} maxLength={120} placeholder="e.g. Seiko Presage Cocktail Time SRPB43" />
          )}
        </Field>
        <div className="form-row">
          <Field label="Category" error={fields.category}>
            {(c) => (
              <select {...c} {...text('category')}>
                <option value="" disabled>
                  Select a category
                </option>
                {CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className={`field${fields.condition ? ' field--invalid' : ''}`}>
            <span className="field__label" id={`${ids}-condition`}>
              Condition
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
                  {CONDITION_LABEL[condition]}
                </label>
              ))}
            </div>
            {fields.condition && <small className="field__error">{fields.condition}</small>}
          </div>
        </div>
        <Field
          label="Description"
          error={fields.description}
          hint={`${values.description.trim().length} characters · at least 10`}
        >
          {(c) => (
            <textarea
              {...c}
              {...text('description')}
              rows={6}
              maxLength={5000}
              placeholder="Condition, what's in the box, warranty, reason for selling…"
            />
          )}
        </Field>
      </section>

      <section className="form-section">
        <h2>Price</h2>
        <div className="form-row">
          <Field label="Price" error={fields.price}>
            {(c) => <MoneyInput {...c} {...text('price')} />}
          </Field>
          <Field
            label="Previous price"
            optional
            error={fields.previousPrice}
            hint="Shown struck through next to the price."
          >
            {(c) => <MoneyInput {...c} {...text('previousPrice')} />}
          </Field>
        </div>
      </section>

      <section className="form-section">
        <h2>Details</h2>
        <div className="form-row">
          <Field label="Brand" error={fields.brand}>
            {(c) => <input {...c} {...text('brand')} maxLength={100} placeholder="e.g. Seiko" />}
          </Field>
          <Field label="Country of origin" optional={adding} error={fields.countryOfOrigin}>
            {(c) => (
              <input
                {...c}
                {...text('countryOfOrigin')}
                maxLength={100}
                autoComplete="country-name"
                placeholder="e.g. Japan"
              />
            )}
          </Field>
        </div>
        <div className="form-row">
          <Field
            label="Dimensions (cm)"
            optional={adding}
            error={fields.dimensions}
            hint="Length x width x height, e.g. 10x20x30"
          >
            {(c) => <input {...c} {...text('dimensions')} placeholder="LxWxH" autoComplete="off" />}
          </Field>
          <Field label="Weight (kg)" error={fields.weight}>
            {(c) => <input {...c} {...text('weight')} inputMode="decimal" autoComplete="off" placeholder="e.g. 0.5" />}
          </Field>
        </div>
        <Field
          label="Keywords"
          optional
          error={fields.keywords}
          hint="Comma-separated, e.g. automatic, dress watch, gift"
        >
          {(c) => <input {...c} {...text('keywords')} autoComplete="off" />}
        </Field>
      </section>

      {adding && (
        <section className="form-section">
          <h2>Invoice</h2>
          <Field
            label="Invoice"
            optional
            error={fields.invoice}
            hint="A PDF or a photo of the receipt. Only you can see it."
          >
            {(c) => (
              <div className="file-input">
                <input
                  {...c}
                  type="file"
                  name="invoice"
                  accept="application/pdf,.pdf,image/*"
                  disabled={pending}
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
                    Remove
                  </button>
                )}
              </div>
            )}
          </Field>
        </section>
      )}

      <div className="product-form__footer">
        <FormError message={error} />
        {pending && <UploadProgress fraction={progress} />}
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
