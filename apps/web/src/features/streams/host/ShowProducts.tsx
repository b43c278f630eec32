import { useRef, useState } from 'react';
import type { FieldErrors, ProductSummary } from '@souq/shared';
import { ProductOnSale } from './ProductOnSale';
import { RunSheetBuilder } from './RunSheetBuilder';
import { draftOf, offerable, planShow, type DraftErrors, type DraftLot } from './run-sheet';

/** What the host chose to sell: a product (and its starting bid) and the run sheet's lots so far. */
export function useShowProducts(products: ProductSummary[] | undefined) {
  const [lots, setLots] = useState<DraftLot[]>([]);
  const [chosenId, setChosenId] = useState('');
  const [startingBid, setStartingBid] = useState('');
  const picker = useRef<HTMLSelectElement>(null);
  const offered = products && offerable(products, new Set(lots.map((l) => l.productId)));
  const chosen = offered?.find((p) => p.id === chosenId);
  return {
    lots,
    setLots,
    chosen,
    startingBid,
    setStartingBid,
    picker,
    offered,
    none: products !== undefined && products.every((p) => p.isAuction),
    choose(productId: string) {
      setChosenId(productId);
      // Its shop price is where bidding starts, as on the run sheet; the host can change it.
      const product = offered?.find((p) => p.id === productId);
      setStartingBid(product ? (product.price / 100).toFixed(2) : '');
    },
    addLot() {
      if (!chosen) return picker.current?.focus();
      setLots([...lots, { ...draftOf(chosen), startingBid: startingBid || draftOf(chosen).startingBid }]);
      setChosenId('');
      setStartingBid('');
      picker.current?.focus();
    },
    plan: () => planShow(lots, chosen, startingBid),
  };
}

export type ShowProductsState = ReturnType<typeof useShowProducts>;

/** The form's messages about the run sheet's lots (`lots.<index>.<field>`, the browser's or the server's), by lot. */
function lotErrorsOf(lots: readonly DraftLot[], fields: FieldErrors): DraftErrors {
  const byLot: DraftErrors = {};
  lots.forEach((lot, i) => {
    const startingBid = fields[`lots.${i}.startingBid`];
    const seconds = fields[`lots.${i}.seconds`] ?? fields[`lots.${i}.closingStyle`];
    if (startingBid || seconds) byLot[lot.productId] = { startingBid, seconds };
  });
  return byLot;
}

interface Props {
  state: ShowProductsState;
  errors: FieldErrors;
  /** Clears the form's messages about what changed (a name, or every name starting with it). */
  onEdited(prefix: 'productId' | 'startingBid' | 'lots'): void;
}

/** The product on sale, then (once the host adds lots) the run sheet. */
export function ShowProducts({ state, errors, onEdited }: Props) {
  return (
    <>
      <ProductOnSale
        pickerRef={state.picker}
        offered={state.offered}
        none={state.none}
        chosen={state.chosen}
        lotCount={state.lots.length}
        startingBid={state.startingBid}
        errors={{ productId: errors.productId ?? errors.lots, startingBid: errors.startingBid }}
        onChoose={(id) => {
          state.choose(id);
          onEdited('productId');
          onEdited('startingBid');
        }}
        onStartingBid={(value) => {
          state.setStartingBid(value);
          onEdited('startingBid');
        }}
        onAddLot={() => {
          state.addLot();
          onEdited('productId');
        }}
      />
      {state.lots.length > 0 && (
        <RunSheetBuilder
          lots={state.lots}
          errors={lotErrorsOf(state.lots, errors)}
          onRemoved={() => state.picker.current?.focus()}
          onChange={(next) => {
            state.setLots(next);
            onEdited('lots');
          }}
        />
      )}
    </>
  );
}
