import { formatMoney, type Lot } from '@souq/shared';
import { useSecondsLeft } from '../../../components/useSecondsLeft';
import { useT } from '../../../i18n';
import { richT } from '../../../i18n';
import { MoveButtons } from './MoveButtons';
import { IconButton } from '../IconButton';

/** A pencil: edit. */
const EDIT_ICON =
  'M4 17.2V20h2.8l8.3-8.3-2.8-2.8L4 17.2zm13.7-7.5a1 1 0 0 0 0-1.4l-2-2a1 1 0 0 0-1.4 0l-1.5 1.5 3.4 3.4 1.5-1.5z';

export interface RowActions {
  /** Null where the lot cannot move (running or sold) or the move is at an end. */
  move: { first: boolean; last: boolean; onMove(by: -1 | 1): void } | null;
  onStart(): void;
  onEdit(): void;
  onDrop(): void;
  /** A lot runs, the show is not live, or a request is on its way. */
  startDisabled: boolean;
  busy: boolean;
}

const STATUS_KEY = {
  waiting: 'host.lots.waiting',
  running: 'host.lots.running',
  sold: 'host.lots.sold',
  passed: 'host.lots.passed',
} as const;

/** One lot on the live run sheet: where it is, its terms or its result, and what the host can do with it. */
export function LotRow({ lot, actions }: { lot: Lot; actions: RowActions }) {
  const { t, locale } = useT();
  const open = lot.status === 'waiting' || lot.status === 'passed';
  const style = t(lot.closingStyle === 'soft' ? 'host.terms.soft' : 'host.terms.sudden');
  return (
    <li className={`run-sheet__lot run-sheet__lot--${lot.status}`} data-testid="lot-row" data-status={lot.status}>
      <div className="run-sheet__head">
        <span className="run-sheet__number" aria-hidden="true">
          {lot.position + 1}
        </span>
        {lot.product.image.thumb && <img src={lot.product.image.thumb} alt="" className="run-sheet__thumb" />}
        <strong className="run-sheet__title">
          <bdi>{lot.product.title}</bdi>
        </strong>
        <span className={`pill pill--small run-sheet__status run-sheet__status--${lot.status}`}>
          {t(STATUS_KEY[lot.status])}
        </span>
      </div>

      {lot.status === 'running' && <RunningLine lot={lot} />}
      {lot.status === 'sold' && lot.winner && (
        <p className="run-sheet__result" data-testid="lot-sold">
          {richT(t, 'host.lots.soldTo', {
            user: (
              <strong>
                <bdi>{lot.winner.username}</bdi>
              </strong>
            ),
            amount: (
              <strong>
                <bdi>{formatMoney(lot.currentBid ?? lot.startingBid, locale)}</bdi>
              </strong>
            ),
          })}
        </p>
      )}
      {lot.status === 'sold' && lot.clip && (
        <video
          className="run-sheet__clip"
          src={lot.clip.url}
          controls
          preload="none"
          aria-label={t('host.lots.clip')}
        />
      )}
      {open && (
        <p className="muted run-sheet__terms">
          {t('host.lots.terms', { amount: formatMoney(lot.startingBid, locale), seconds: lot.seconds, style })}
        </p>
      )}

      {open && (
        <div className="run-sheet__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={actions.startDisabled || actions.busy}
            onClick={actions.onStart}
            aria-label={t(lot.status === 'passed' ? 'host.lots.runAgain' : 'host.lots.startNamed', {
              title: lot.product.title,
            })}
            data-testid="start-lot"
          >
            {t('host.lots.start')}
          </button>
          <IconButton
            label={t('host.lots.edit', { title: lot.product.title })}
            disabled={actions.busy}
            onClick={actions.onEdit}
            icon={EDIT_ICON}
          />
          {actions.move && (
            <MoveButtons
              title={lot.product.title}
              first={actions.move.first}
              last={actions.move.last}
              onMove={actions.move.onMove}
              onRemove={actions.onDrop}
              disabled={actions.busy}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** A running lot: seconds left on the server's clock, and its highest bid. */
function RunningLine({ lot }: { lot: Lot }) {
  const { t, locale } = useT();
  const left = useSecondsLeft(lot.endsAt ?? '');
  return (
    <p className="run-sheet__result" data-testid="lot-running">
      <strong className="run-sheet__countdown" role="timer">
        {t('host.lots.left', { seconds: left ?? 0 })}
      </strong>{' '}
      {lot.leader && lot.currentBid !== null
        ? richT(t, 'host.lots.highest', {
            amount: (
              <strong>
                <bdi>{formatMoney(lot.currentBid, locale)}</bdi>
              </strong>
            ),
            user: <bdi>{lot.leader.username}</bdi>,
          })
        : t('host.lots.noBids')}
    </p>
  );
}
