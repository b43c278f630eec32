import { useRef } from 'react';
import { useT } from '../../../i18n';
import { LotTermsFields } from './LotTermsFields';
import { moved, type DraftErrors, type DraftLot } from './run-sheet';
import { MoveButtons } from './MoveButtons';

interface Props {
  lots: DraftLot[];
  onChange(lots: DraftLot[]): void;
  errors: DraftErrors;
  /** Where focus goes when the last word on a lot is said (it was removed): the product picker. */
  onRemoved(): void;
}

/**
 * The run sheet before the show: the lots added so far in selling order, each with its starting
 * bid, timer and closing style. Shown once there is a lot; the product picker adds them.
 */
export function RunSheetBuilder({ lots, onChange, errors, onRemoved }: Props) {
  const { t } = useT();
  const list = useRef<HTMLOListElement>(null);

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
    onRemoved();
  }

  return (
    <fieldset className="run-sheet" data-testid="run-sheet-builder">
      <legend>{t('host.sheet.title')}</legend>
      <p className="field__hint">{t('host.sheet.hint')}</p>
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
    </fieldset>
  );
}
