import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MSG, RUN_SHEET_MAX, type ProductSummary } from '@souq/shared';
import { useT } from '../../../i18n';
import { LotTermsFields } from './LotTermsFields';
import { draftOf, moved, offerable, type DraftErrors, type DraftLot } from './run-sheet';
import { ProductPicker } from './ProductPicker';
import { MoveButtons } from './MoveButtons';

interface Props {
  /** The host's products that can be sold (undefined while loading). */
  products: ProductSummary[] | undefined;
  lots: DraftLot[];
  onChange(lots: DraftLot[]): void;
  errors: DraftErrors;
  /** What is wrong with the run sheet as a whole (no lot yet). */
  sheetError?: string;
}

/**
 * The run sheet before the show: the host's products in selling order, each with its starting bid,
 * timer and closing style. Products already on the sheet are not offered again.
 */
export function RunSheetBuilder({ products, lots, onChange, errors, sheetError }: Props) {
  const { t, m } = useT();
  const pickerId = useId();
  const picker = useRef<HTMLSelectElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [chosen, setChosen] = useState('');
  const onSheet = new Set(lots.map((l) => l.productId));
  const offered = offerable(products, onSheet);
  const full = lots.length >= RUN_SHEET_MAX;

  function add() {
    const product = offered.find((p) => p.id === chosen);
    if (!product) return picker.current?.focus();
    onChange([...lots, draftOf(product)]);
    setChosen('');
    picker.current?.focus();
  }

  function move(index: number, by: -1 | 1) {
    const lot = lots[index]!;
    onChange(moved(lots, index, by));
    // The moved row's same button keeps the focus (or its other one, at the end of the list).
    requestAnimationFrame(() => {
      const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-lot]') ?? [])];
      const row = rows.find((r) => r.dataset.lot === lot.productId);
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${by < 0 ? 'up' : 'down'}"]:not(:disabled)`);
      (same ?? row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    });
  }

  function remove(index: number) {
    onChange(lots.filter((_, i) => i !== index));
    picker.current?.focus();
  }

  return (
    <fieldset className="run-sheet" data-testid="run-sheet-builder">
      <legend>{t('host.sheet.title')}</legend>
      <p className="field__hint">{t('host.sheet.hint')}</p>

      {lots.length > 0 && (
        <ol ref={list} className="run-sheet__list">
          {lots.map((lot, i) => (
            <li key={lot.productId} className="run-sheet__lot" data-lot={lot.productId} data-testid="draft-lot">
              <div className="run-sheet__head">
                <span className="run-sheet__number" aria-hidden="true">
                  {i + 1}
                </span>
                {lot.thumb && <img src={lot.thumb} alt="" className="run-sheet__thumb" />}
                <strong className="run-sheet__title">
                  <bdi>{lot.title}</bdi>
                </strong>
                <MoveButtons
                  title={lot.title}
                  first={i === 0}
                  last={i === lots.length - 1}
                  onMove={(by) => move(i, by)}
                  onRemove={() => remove(i)}
                />
              </div>
              <LotTermsFields
                lotTitle={lot.title}
                value={lot}
                errors={errors[lot.productId]}
                onChange={(terms) => onChange(lots.map((l, j) => (j === i ? { ...l, ...terms } : l)))}
              />
            </li>
          ))}
        </ol>
      )}

      <div className={`field run-sheet__add${sheetError ? ' field--invalid' : ''}`}>
        <label htmlFor={pickerId}>{t('host.sheet.addLabel')}</label>
        <div className="run-sheet__picker">
          <ProductPicker
            ref={picker}
            id={pickerId}
            name="productId"
            value={chosen}
            disabled={full}
            aria-invalid={sheetError ? true : undefined}
            aria-describedby={`${pickerId}-note`}
            products={offered}
            loading={!products}
            onChange={setChosen}
          />
          <button type="button" className="btn btn--ghost" onClick={add} disabled={full} data-testid="add-lot">
            {t('host.sheet.add')}
          </button>
        </div>
        <small id={`${pickerId}-note`} className={sheetError ? 'field__error' : 'field__hint'}>
          {sheetError
            ? m(sheetError)
            : full
              ? m(MSG.runSheetTooLong)
              : lots.length === 0
                ? t('host.sheet.empty')
                : t('host.sheet.count', { count: lots.length })}
        </small>
        {products && products.filter((p) => !p.isAuction).length === 0 && (
          <p className="notice notice--info" data-testid="no-products">
            {t('host.sheet.noProducts')} <Link to="/AddProduct">{t('host.sheet.addProduct')}</Link>
          </p>
        )}
      </div>
    </fieldset>
  );
}
