import { useId, type ReactNode } from 'react';
import { FormError } from '../../components/FormError';
import { UploadProgress } from '../../components/UploadProgress';
import { useT } from '../../i18n';
import { AboutSection } from './AboutSection';
import { DetailsSection } from './DetailsSection';
import { InvoiceSection } from './InvoiceSection';
import { PhotosSection } from './PhotosSection';
import { PriceSection } from './PriceSection';
import { EMPTY_PRODUCT, type ProductFormMode, type ProductFormValues } from './product-values';
import { useProductForm, type ProductSubmission } from './useProductForm';

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
  const { t } = useT();
  const { kit, error, progress, picked, invoice, setInvoice, submit } = useProductForm({
    mode,
    initial,
    onSubmit,
    failureMessage,
  });
  const { pending, say } = kit;
  const adding = mode === 'add';

  return (
    <form className="product-form" noValidate onSubmit={submit} data-testid="product-form">
      {adding && <PhotosSection id={`${ids}-images`} kit={kit} picked={picked} />}

      <AboutSection conditionId={`${ids}-condition`} kit={kit} />

      <PriceSection kit={kit} />

      <DetailsSection adding={adding} kit={kit} />

      {adding && <InvoiceSection kit={kit} invoice={invoice} onInvoice={setInvoice} />}

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
