import { useId, useState } from 'react';
import type { Lot, ProductSummary, StreamDetail } from '@souq/shared';
import { EmptyState } from '../../../components/EmptyState';
import { useT } from '../../../i18n';
import { useReorderLots, useStartLot } from '../host-api';
import { AddLotDialog, DropLotDialog, EditLotDialog } from './LotDialogs';
import { LotRow } from './LotRow';
import { moved, offerable } from './run-sheet';

interface Props {
  stream: Pick<StreamDetail, 'id' | 'status' | 'lots'> & Partial<Pick<StreamDetail, 'pins'>>;
  /** The host's products (for adding a lot); undefined while loading. */
  products: ProductSummary[] | undefined;
}

type Dialog = { kind: 'add' } | { kind: 'edit' | 'drop'; lot: Lot } | null;

const isOpen = (lot: Lot) => lot.status === 'waiting' || lot.status === 'passed';

/** The next lot the one-tap button starts: the first waiting one, else the first that passed. */
export function nextLot(lots: readonly Lot[]): Lot | null {
  return lots.find((l) => l.status === 'waiting') ?? lots.find((l) => l.status === 'passed') ?? null;
}

/**
 * The run sheet during the show: each lot's status (waiting, running with its countdown, sold to
 * whom for how much, passed), one tap to start the next, and adding, editing, dropping and
 * reordering the lots that have not sold. One lot runs at a time: every start waits for it.
 */
export function LotControls({ stream, products }: Props) {
  const { t, m } = useT();
  const titleId = useId();
  const start = useStartLot(stream.id);
  const reorder = useReorderLots(stream.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const lots = [...stream.lots].sort((a, b) => a.position - b.position);
  const running = lots.some((l) => l.status === 'running');
  const live = stream.status === 'live';
  const ended = stream.status === 'ended';
  const next = nextLot(lots);
  const movable = lots.filter(isOpen);
  const busy = start.isPending || reorder.isPending;
  const failure = start.error ?? reorder.error;
  // A product already on the sheet or pinned for Buy It Now is not offered as a lot.
  const onSheet = new Set([...lots.map((l) => l.product.id), ...(stream.pins ?? []).map((p) => p.product.id)]);
  const addable = offerable(products, onSheet);

  function move(lot: Lot, by: -1 | 1) {
    const order = moved(movable, movable.indexOf(lot), by).map((l) => l.id);
    reorder.mutate(order);
  }

  return (
    <section className="card run-sheet run-sheet--live" aria-labelledby={titleId} data-testid="lot-controls">
      <h2 id={titleId}>{t('host.sheet.title')}</h2>

      {next && !ended && (
        <button
          type="button"
          className="btn btn--primary btn--block run-sheet__next"
          disabled={!live || running || busy}
          onClick={() => start.mutate(next.id)}
          data-testid="start-next-lot"
        >
          {t(next.status === 'passed' ? 'host.lots.runAgain' : 'host.lots.startNamed', { title: next.product.title })}
        </button>
      )}
      <p className="muted" role="status">
        {ended
          ? ''
          : !live
            ? t('host.lots.notLive')
            : running
              ? t('host.lots.busy')
              : !next && lots.length > 0
                ? t('host.lots.allDone')
                : ''}
      </p>
      {failure && (
        <p className="form-error" role="alert">
          {m(failure.message)}
        </p>
      )}

      {lots.length === 0 ? (
        <EmptyState title={t('host.lots.empty')} />
      ) : (
        <ol className="run-sheet__list">
          {lots.map((lot) => {
            const at = movable.indexOf(lot);
            return (
              <LotRow
                key={lot.id}
                lot={lot}
                actions={{
                  move:
                    at < 0 ? null : { first: at === 0, last: at === movable.length - 1, onMove: (by) => move(lot, by) },
                  onStart: () => start.mutate(lot.id),
                  onEdit: () => setDialog({ kind: 'edit', lot }),
                  onDrop: () => setDialog({ kind: 'drop', lot }),
                  startDisabled: !live || running,
                  busy,
                }}
              />
            );
          })}
        </ol>
      )}

      {!ended && (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="add-lot-live"
        >
          {t('host.lots.add')}
        </button>
      )}
      {!ended && products && addable.length === 0 && <p className="field__hint">{t('host.lots.noneLeft')}</p>}

      {dialog?.kind === 'add' && (
        <AddLotDialog streamId={stream.id} products={addable} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && (
        <EditLotDialog streamId={stream.id} lot={dialog.lot} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'drop' && (
        <DropLotDialog streamId={stream.id} lot={dialog.lot} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
