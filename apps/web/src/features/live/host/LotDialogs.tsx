import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { MSG, type Lot, type ProductSummary } from '@souq/shared';
import { Modal, ModalButtons, ModalError } from '../../../components/Modal';
import { useT } from '../../../i18n';
import { useAddLot, useDropLot, useEditLot } from '../host-api';
import { LotTermsFields, type TermsText } from './LotTermsFields';
import { ProductPicker } from './ProductPicker';
import { draftOf, readTerms } from './run-sheet';

type TermErrors = { startingBid?: string; seconds?: string };

/** Focus on the dialog's first field as it opens (the browser would pick the first button otherwise). */
function useFirstField() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  return form;
}

/** Focus on the first field the host has to fix. */
function focusInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** A lot's form in a wide dialog: the fields, the server's refusal, then cancel and submit. */
function LotFormDialog({
  title,
  testId,
  form,
  onSubmit,
  onClose,
  error,
  busy,
  submitLabel,
  children,
}: {
  title: string;
  testId: string;
  form: RefObject<HTMLFormElement | null>;
  onSubmit(event: FormEvent): void;
  onClose(): void;
  error: string | undefined;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useT();
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
  const form = useFirstField();
  const productId = useId();
  const [chosen, setChosen] = useState('');
  const [terms, setTerms] = useState<TermsText>({ startingBid: '', seconds: '30', closingStyle: 'sudden' });
  const [errors, setErrors] = useState<TermErrors & { productId?: string }>({});
  const product = products.find((p) => p.id === chosen);

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readTerms(terms);
    const problems = { ...(read.ok ? {} : read.errors), ...(product ? {} : { productId: MSG.streamChooseProduct }) };
    setErrors(problems);
    if (!read.ok || !product) return focusInvalid(form.current);
    add.mutate({ productId: product.id, ...read.terms }, { onSuccess: onClose });
  }

  return (
    <LotFormDialog
      title={t('host.lots.addTitle')}
      testId="add-lot-dialog"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      error={add.error?.message}
      busy={add.isPending}
      submitLabel={t('host.lots.addSubmit')}
    >
      <div className={`field${errors.productId ? ' field--invalid' : ''}`}>
        <label htmlFor={productId}>{t('host.lots.product')}</label>
        <ProductPicker
          id={productId}
          value={chosen}
          aria-invalid={errors.productId ? true : undefined}
          aria-describedby={errors.productId ? `${productId}-note` : undefined}
          products={products}
          onChange={(id) => {
            setChosen(id);
            const next = products.find((p) => p.id === id);
            // The shop price is where the bidding starts unless the host says otherwise.
            if (next && !terms.startingBid) setTerms({ ...terms, startingBid: draftOf(next).startingBid });
          }}
        />
        {errors.productId && (
          <small id={`${productId}-note`} className="field__error">
            {m(errors.productId)}
          </small>
        )}
      </div>
      <LotTermsFields
        lotTitle={product?.title ?? t('host.lots.product')}
        value={terms}
        errors={errors}
        onChange={setTerms}
      />
    </LotFormDialog>
  );
}

/** Change a waiting or passed lot's starting bid, timer or closing style. */
export function EditLotDialog({ streamId, lot, onClose }: { streamId: string; lot: Lot; onClose(): void }) {
  const { t } = useT();
  const edit = useEditLot(streamId);
  const form = useFirstField();
  const [terms, setTerms] = useState<TermsText>({
    startingBid: (lot.startingBid / 100).toFixed(2),
    seconds: String(lot.seconds),
    closingStyle: lot.closingStyle,
  });
  const [errors, setErrors] = useState<TermErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readTerms(terms);
    setErrors(read.ok ? {} : read.errors);
    if (!read.ok) return focusInvalid(form.current);
    edit.mutate({ lotId: lot.id, terms: read.terms }, { onSuccess: onClose });
  }

  return (
    <LotFormDialog
      title={t('host.lots.editTitle', { title: lot.product.title })}
      testId="edit-lot-dialog"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      error={edit.error?.message}
      busy={edit.isPending}
      submitLabel={t('host.lots.save')}
    >
      <LotTermsFields lotTitle={lot.product.title} value={terms} errors={errors} onChange={setTerms} />
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
