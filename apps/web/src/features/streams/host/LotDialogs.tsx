import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { MSG, type Lot, type LotTermsInput, type NewLotInput, type ProductSummary } from '@souq/shared';
import type { FormCheck } from '../../../components/form-check';
import { Modal, ModalButtons, ModalError } from '../../../components/Modal';
import { useForm } from '../../../components/useForm';
import { useT } from '../../../i18n';
import { useAddLot, useDropLot, useEditLot } from '../host-api';
import { LotTermsFields, type TermsText } from './LotTermsFields';
import { ProductPicker } from './ProductPicker';
import { draftOf, readTerms } from './run-sheet';

/** Focus on the dialog's first field as it opens (the browser would pick the first button otherwise). */
function useFirstField() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  return form;
}

/** A lot's terms checked as the server checks them, for useForm. */
function checkTerms(terms: TermsText): FormCheck<LotTermsInput> {
  const read = readTerms(terms);
  return read.ok ? { ok: true, data: read.terms } : { ok: false, fields: read.errors };
}

/** A lot's form in a wide dialog: the fields, the server's refusal, then cancel and submit. */
function LotFormDialog({
  title,
  testId,
  onSubmit,
  onClose,
  error,
  busy,
  submitLabel,
  children,
}: {
  title: string;
  testId: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onClose(): void;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useT();
  const form = useFirstField();
  return (
    <Modal title={title} onClose={onClose} wide testId={testId}>
      <form ref={form} onSubmit={onSubmit} noValidate className="lot-dialog">
        {children}
        {error && <ModalError message={error} />}
        <ModalButtons cancelLabel={t('host.lots.cancel')} onCancel={onClose} confirmLabel={submitLabel} busy={busy} />
      </form>
    </Modal>
  );
}

/** Add one of the host's products to the run sheet during the show, at the end. */
export function AddLotDialog({
  streamId,
  products,
  onClose,
}: {
  streamId: string;
  products: ProductSummary[];
  onClose(): void;
}) {
  const { t, m } = useT();
  const add = useAddLot(streamId);
  const productId = useId();
  const form = useForm({
    initial: { productId: '', startingBid: '', seconds: '30', closingStyle: 'sudden' } as TermsText & {
      productId: string;
    },
    check: (values): FormCheck<NewLotInput> => {
      const terms = checkTerms(values);
      const chosen = products.some((p) => p.id === values.productId);
      if (terms.ok && chosen) return { ok: true, data: { productId: values.productId, ...terms.data } };
      return {
        ok: false,
        fields: { ...(terms.ok ? {} : terms.fields), ...(chosen ? {} : { productId: MSG.streamChooseProduct }) },
      };
    },
  });
  const { values, fields } = form;
  const product = products.find((p) => p.id === values.productId);

  return (
    <LotFormDialog
      title={t('host.lots.addTitle')}
      testId="add-lot-dialog"
      onSubmit={(event) =>
        form.submit(event, async (lot) => {
          await add.mutateAsync(lot);
          onClose();
        })
      }
      onClose={onClose}
      error={form.error}
      busy={form.pending}
      submitLabel={t('host.lots.addSubmit')}
    >
      <div className={`field${fields.productId ? ' field--invalid' : ''}`}>
        <label htmlFor={productId}>{t('host.lots.product')}</label>
        <ProductPicker
          id={productId}
          value={values.productId}
          aria-invalid={fields.productId ? true : undefined}
          aria-describedby={fields.productId ? `${productId}-note` : undefined}
          products={products}
          onChange={(id) => {
            form.edit('productId', id);
            const next = products.find((p) => p.id === id);
            // The shop price is where the bidding starts unless the host says otherwise.
            if (next && !values.startingBid) form.edit('startingBid', draftOf(next).startingBid);
          }}
        />
        {fields.productId && (
          <small id={`${productId}-note`} className="field__error">
            {m(fields.productId)}
          </small>
        )}
      </div>
      <LotTermsFields
        lotTitle={product?.title ?? t('host.lots.product')}
        value={values}
        errors={fields}
        onChange={(terms) => form.setValues((v) => ({ ...v, ...terms }))}
      />
    </LotFormDialog>
  );
}

/** Change a waiting or passed lot's starting bid, timer or closing style. */
export function EditLotDialog({ streamId, lot, onClose }: { streamId: string; lot: Lot; onClose(): void }) {
  const { t } = useT();
  const edit = useEditLot(streamId);
  const form = useForm({
    initial: (): TermsText => ({
      startingBid: (lot.startingBid / 100).toFixed(2),
      seconds: String(lot.seconds),
      closingStyle: lot.closingStyle,
    }),
    check: checkTerms,
  });

  return (
    <LotFormDialog
      title={t('host.lots.editTitle', { title: lot.product.title })}
      testId="edit-lot-dialog"
      onSubmit={(event) =>
        form.submit(event, async (terms) => {
          await edit.mutateAsync({ lotId: lot.id, terms });
          onClose();
        })
      }
      onClose={onClose}
      error={form.error}
      busy={form.pending}
      submitLabel={t('host.lots.save')}
    >
      <LotTermsFields lotTitle={lot.product.title} value={form.values} errors={form.fields} onChange={form.setValues} />
    </LotFormDialog>
  );
}

/** Drop a waiting or passed lot: it leaves the run sheet and its product goes back to the shop. */
export function DropLotDialog({ streamId, lot, onClose }: { streamId: string; lot: Lot; onClose(): void }) {
  const { t } = useT();
  const drop = useDropLot(streamId);
  return (
    <Modal
      title={t('host.lots.dropTitle', { title: lot.product.title })}
      onClose={onClose}
      testId="drop-lot-dialog"
      error={drop.error?.message}
      confirm={{
        cancelLabel: t('host.lots.cancel'),
        confirmLabel: t('host.lots.dropConfirm'),
        danger: true,
        busy: drop.isPending,
        onConfirm: () => drop.mutate(lot.id, { onSuccess: onClose }),
      }}
    >
      <p>{t('host.lots.dropBody')}</p>
    </Modal>
  );
}
