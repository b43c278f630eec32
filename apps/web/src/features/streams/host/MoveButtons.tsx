import { useT } from '../../../i18n';
import { IconButton, TRASH_ICON } from '../IconButton';

/** Arrow up. */
const UP_ICON = 'M12 6l6 6-1.4 1.4-3.6-3.6V18h-2V9.8l-3.6 3.6L6 12z';
/** Arrow down. */
const DOWN_ICON = 'M12 18l-6-6 1.4-1.4 3.6 3.6V6h2v8.2l3.6-3.6L18 12z';

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
      <IconButton
        label={t('host.sheet.up', { title })}
        data-move="up"
        disabled={disabled || first}
        onClick={() => onMove(-1)}
        icon={UP_ICON}
      />
      <IconButton
        label={t('host.sheet.down', { title })}
        data-move="down"
        disabled={disabled || last}
        onClick={() => onMove(1)}
        icon={DOWN_ICON}
      />
      {onRemove && (
        <IconButton
          label={t('host.sheet.remove', { title })}
          disabled={disabled}
          onClick={onRemove}
          icon={TRASH_ICON}
        />
      )}
    </div>
  );
}
