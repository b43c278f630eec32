import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MSG, type Lot, type ProductSummary } from '@souq/shared';
import { Modal } from '../../../components/Modal';
import { useT } from '../../../i18n';
import { useAddLot, useDropLot, useEditLot } from '../host-api';
import { LotTermsFields, type TermsText } from './LotTermsFields';
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
    <Modal title={t('host.lots.addTitle')} onClose={onClose} wide testId="add-lot-dialog">
      <form ref={form} onSubmit={submit} noValidate className="lot-dialog">
        <div className={`field${errors.productId ? ' field--invalid' : ''}`}>
          <label htmlFor={productId}>{t('host.lots.product')}</label>
          <select
            id={productId}
            value={chosen}
            aria-invalid={errors.productId ? true : undefined}
            aria-describedby={errors.productId ? `${productId}-note` : undefined}
            onChange={(e) => {
              setChosen(e.target.value);
              const next = products.find((p) => p.id === e.target.value);
              // The shop price is where the bidding starts unless the host says otherwise.
              if (next && !terms.startingBid) setTerms({ ...terms, startingBid: draftOf(next).startingBid });
            }}
          >
            <option value="">{t('host.sheet.choose')}</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
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
        {add.error && (
          <p className="form-error" role="alert">
            {m(add.error.message)}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('host.lots.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={add.isPending}>
            {t('host.lots.addSubmit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Change a waiting or passed lot's starting bid, timer or closing style. */
export function EditLotDialog({ streamId, lot, onClose }: { streamId: string; lot: Lot; onClose(): void }) {
  const { t, m } = useT();
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
    <Modal
      title={t('host.lots.editTitle', { title: lot.product.title })}
      onClose={onClose}
      wide
      testId="edit-lot-dialog"
    >
      <form ref={form} onSubmit={submit} noValidate className="lot-dialog">
        <LotTermsFields lotTitle={lot.product.title} value={terms} errors={errors} onChange={setTerms} />
        {edit.error && (
          <p className="form-error" role="alert">
            {m(edit.error.message)}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('host.lots.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={edit.isPending}>
            {t('host.lots.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Drop a waiting or passed lot: it leaves the run sheet and its product goes back to the shop. */
export function DropLotDialog({ streamId, lot, onClose }: { streamId: string; lot: Lot; onClose(): void }) {
  const { t, m } = useT();
  const drop = useDropLot(streamId);
  return (
    <Modal
      title={t('host.lots.dropTitle', { title: lot.product.title })}
      onClose={onClose}
      testId="drop-lot-dialog"
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('host.lots.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={drop.isPending}
            onClick={() => drop.mutate(lot.id, { onSuccess: onClose })}
          >
            {t('host.lots.dropConfirm')}
          </button>
        </>
      }
    >
      <p>{t('host.lots.dropBody')}</p>
      {drop.error && (
        <p className="form-error" role="alert">
          {m(drop.error.message)}
        </p>
      )}
    </Modal>
  );
}
