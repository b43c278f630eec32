import { formatMoney } from '@souq/shared';
import { useT } from '../../../i18n';
import { lotQuickBids } from './quick-bids';
import type { BidAnswer } from './useLotBid';

interface Props {
  minimumBid: number;
  /** False where bids are not taken: no buttons, though the last answer stays. */
  show: boolean;
  sending: boolean;
  answer: BidAnswer | null;
  onBid(amount: number): void;
}

/** The quick-bid buttons, the next minimum and steps above it, and the server's answer to the last one. */
export function LotQuickBids({ minimumBid, show, sending, answer, onBid }: Props) {
  const { t, m, locale } = useT();
  return (
    <>
      {show && (
        <div className="lot__quick" role="group" aria-label={t('show.lot.quickBids')}>
          {lotQuickBids(minimumBid).map((amount) => (
            <button
              key={amount}
              type="button"
              className="btn btn--primary lot__quick-bid"
              disabled={sending}
              onClick={() => onBid(amount)}
              data-testid="quick-bid"
            >
              {t('show.lot.quickBid', { amount: formatMoney(amount, locale) })}
            </button>
          ))}
        </div>
      )}
      {answer && (
        <p
          className={`chat__answer chat__answer--${answer.tone}`}
          role={answer.tone === 'error' ? 'alert' : 'status'}
          data-testid="quick-bid-answer"
        >
          {m(answer.text)}
        </p>
      )}
    </>
  );
}
