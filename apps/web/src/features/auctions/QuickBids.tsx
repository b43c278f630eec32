import { formatMoney, quickBids } from '@souq/shared';
import { useT } from '../../i18n';

interface Props {
  minimum: number;
  /** The amount in the bid field, pressed when it is one of the quick ones. */
  chosenFils: number | null;
  disabled: boolean;
  onPick: (fils: number) => void;
}

/** Three amounts from the minimum up, one tap each, instead of typing. */
export function QuickBids({ minimum, chosenFils, disabled, onPick }: Props) {
  const { t, locale } = useT();
  return (
    <div className="bid-form__quick" role="group" aria-label={t('auctions.bid.quick')}>
      {quickBids(minimum).map((fils) => (
        <button
          key={fils}
          type="button"
          className={`bid-form__chip${chosenFils === fils ? ' bid-form__chip--on' : ''}`}
          aria-pressed={chosenFils === fils}
          disabled={disabled}
          onClick={() => onPick(fils)}
        >
          {formatMoney(fils, locale)}
        </button>
      ))}
    </div>
  );
}
