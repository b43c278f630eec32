import { useState, type FormEvent } from 'react';
import { MSG, type FieldErrors, type ProductInput } from '@souq/shared';
import { reworded, useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { usePickedImages } from './ImagePicker';
import { checkProductForm, type ProductFormMode, type ProductFormValues } from './product-values';

export interface ProductSubmission {
  data: ProductInput;
  images: File[];
  invoice: File | null;
  /** For uploads: how much has been sent, 0…1, shown under the form. */
  onProgress: (fraction: number) => void;
}

interface Options {
  mode: ProductFormMode;
  initial: ProductFormValues;
  onSubmit: (submission: ProductSubmission) => Promise<void>;
  failureMessage?: string;
}

/** What each of the form's sections needs of it: the values, their messages, and a way to change them. */
export interface ProductFields {
  values: ProductFormValues;
  fields: FieldErrors;
  pending: boolean;
  /** A field's message (a shared MSG, or the server's words) in the page's language. */
  say(message: string | null | undefined): string | undefined;
  /** A text control's name, value and change handler, disabled while sending. */
  text(name: keyof ProductFormValues): {
    name: keyof ProductFormValues;
    value: string;
    onChange(e: { target: { value: string } }): void;
    disabled: boolean;
  };
  edit(name: keyof ProductFormValues, value: string): void;
  clearField(name: string): void;
}

/** The product form's state: its values and checks, the photos and the invoice, and sending it with its progress. */
export function useProductForm({ mode, initial, onSubmit, failureMessage }: Options) {
  const { m } = useT();
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
  const { values, fields, pending } = form;
  const kit: ProductFields = {
    values,
    fields,
    pending,
    say: (message) => (message ? m(message) : undefined),
    text: (name) => ({
      name,
      value: values[name],
      onChange: (e) => form.edit(name, e.target.value),
      disabled: pending,
    }),
    edit: form.edit,
    clearField: form.clearField,
  };

  function submit(e: FormEvent<HTMLFormElement>) {
    void form.submit(e, async (data) => {
      try {
        await onSubmit({ data, images: picked.files, invoice: adding ? invoice : null, onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    });
  }

  return { kit, error: form.error, progress, picked, invoice, setInvoice, submit };
}
