import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import { MSG, RUN_SHEET_MAX, type ProductSummary } from '@souq/shared';
import { MoneyInput } from '../../../components/MoneyInput';
import { useT } from '../../../i18n';
import { ProductPicker } from './ProductPicker';

interface Props {
  pickerRef: Ref<HTMLSelectElement>;
  /** The host's products not yet on the run sheet (undefined while loading). */
  offered: ProductSummary[] | undefined;
  /** The host has no product that can be sold live at all. */
  none: boolean;
  chosen: ProductSummary | undefined;
  /** Lots already on the run sheet: with some, the chosen product joins them at Start. */
  lotCount: number;
  startingBid: string;
  errors: { productId?: string; startingBid?: string };
  onChoose(productId: string): void;
  onStartingBid(value: string): void;
  /** Puts the chosen product on the run sheet, for a show of several lots. */
  onAddLot(): void;
}

/**
 * The product on sale: the spec's one-tap stream (choose it, Start: bids open at once for the
 * whole stream), and the way into a run sheet (Add lot) for a host selling several.
 */
export function ProductOnSale(props: Props) {
  const { pickerRef, offered, none, chosen, lotCount, startingBid, errors, onChoose, onStartingBid, onAddLot } = props;
  const { t, m } = useT();
  const id = useId();
  const full = lotCount >= RUN_SHEET_MAX;
  const single = lotCount === 0 && chosen !== undefined;
  const hint = full
    ? m(MSG.runSheetTooLong)
    : lotCount === 0
      ? t(chosen ? 'live.setup.singleHint' : 'live.setup.chooseHint')
      : chosen
        ? t('live.setup.appendHint', { title: chosen.title, number: lotCount + 1 })
        : t('host.sheet.count', { count: lotCount });
  return (
    <div className="product-on-sale">
      <div className={`field${errors.productId ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{t('live.setup.product')}</label>
        <ProductPicker
          ref={pickerRef}
          id={id}
          name="productId"
          value={chosen?.id ?? ''}
          disabled={full}
          aria-invalid={errors.productId ? true : undefined}
          aria-describedby={`${id}-note`}
          products={offered ?? []}
          loading={!offered}
          onChange={onChoose}
        />
        <small
          id={`${id}-note`}
          className={errors.productId ? 'field__error' : 'field__hint'}
          data-testid="product-note"
        >
          {errors.productId ? m(errors.productId) : hint}
        </small>
        {none && (
          <p className="notice notice--info" data-testid="no-products">
            {t('host.sheet.noProducts')} <Link to="/AddProduct">{t('host.sheet.addProduct')}</Link>
          </p>
        )}
      </div>
      {single && (
        <div className={`field${errors.startingBid ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-bid`}>{t('live.setup.startingBid')}</label>
          <MoneyInput
            id={`${id}-bid`}
            name="startingBid"
            value={startingBid}
            aria-invalid={errors.startingBid ? true : undefined}
            aria-describedby={errors.startingBid ? `${id}-bid-note` : undefined}
            onChange={(e) => onStartingBid(e.target.value)}
          />
          {errors.startingBid && (
            <small id={`${id}-bid-note`} className="field__error">
              {m(errors.startingBid)}
            </small>
          )}
        </div>
      )}
      <div className="product-on-sale__more">
        <button type="button" className="btn btn--ghost" onClick={onAddLot} disabled={full} data-testid="add-lot">
          {t('host.sheet.add')}
        </button>
        <span className="field__hint">{t('live.setup.moreHint')}</span>
      </div>
    </div>
  );
}
