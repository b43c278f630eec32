import { useT } from '../../../i18n';

interface Props {
  /** The lot's name, for each button's label. */
  title: string;
  first: boolean;
  last: boolean;
  onMove(by: -1 | 1): void;
  /** Absent where the lot cannot be taken off (running or sold). */
  onRemove?: () => void;
  disabled?: boolean;
}

/** Up, down and remove for one lot: 44 px buttons named after the lot. */
export function MoveButtons({ title, first, last, onMove, onRemove, disabled }: Props) {
  const { t } = useT();
  return (
    <div className="run-sheet__tools">
      <button
        type="button"
        className="icon-button"
        data-move="up"
        disabled={disabled || first}
        aria-label={t('host.sheet.up', { title })}
        onClick={() => onMove(-1)}
      >
        <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
          <path fill="currentColor" d="M12 6l6 6-1.4 1.4-3.6-3.6V18h-2V9.8l-3.6 3.6L6 12z" />
        </svg>
      </button>
      <button
        type="button"
        className="icon-button"
        data-move="down"
        disabled={disabled || last}
        aria-label={t('host.sheet.down', { title })}
        onClick={() => onMove(1)}
      >
        <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
          <path fill="currentColor" d="M12 18l-6-6 1.4-1.4 3.6 3.6V6h2v8.2l3.6-3.6L18 12z" />
        </svg>
      </button>
      {onRemove && (
        <button
          type="button"
          className="icon-button"
          disabled={disabled}
          aria-label={t('host.sheet.remove', { title })}
          onClick={onRemove}
        >
          <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
            <path
              fill="currentColor"
              d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
            />
          </svg>
        </button>
      )}
    </div>
  );
}
