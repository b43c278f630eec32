import { useId } from 'react';
import { LOT_SECONDS_MAX, LOT_SECONDS_MIN, type ClosingStyle } from '@souq/shared';
import { MoneyInput } from '../../../components/MoneyInput';
import { useT } from '../../../i18n';

export interface TermsText {
  startingBid: string;
  seconds: string;
  closingStyle: ClosingStyle;
}

interface Props {
  value: TermsText;
  onChange(next: TermsText): void;
  errors?: { startingBid?: string; seconds?: string };
  /** Names the lot in each label, so a list of lots reads apart to a screen reader. */
  lotTitle: string;
}

/** A lot's terms: the starting bid (AED, any digit set), its timer in seconds, and how it closes. */
export function LotTermsFields({ value, onChange, errors = {}, lotTitle }: Props) {
  const { t, m } = useT();
  const id = useId();
  const set = (part: Partial<TermsText>) => onChange({ ...value, ...part });
  return (
    <div className="lot-terms">
      <div className={`field${errors.startingBid ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-bid`}>{t('host.terms.startingBid')}</label>
        <MoneyInput
          id={`${id}-bid`}
          name="startingBid"
          value={value.startingBid}
          aria-label={t('host.terms.startingBidOf', { title: lotTitle })}
          aria-invalid={errors.startingBid ? true : undefined}
          aria-describedby={errors.startingBid ? `${id}-bid-note` : undefined}
          onChange={(e) => set({ startingBid: e.target.value })}
        />
        {errors.startingBid && (
          <small id={`${id}-bid-note`} className="field__error">
            {m(errors.startingBid)}
          </small>
        )}
      </div>
      <div className={`field${errors.seconds ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-sec`}>{t('host.terms.seconds')}</label>
        <input
          id={`${id}-sec`}
          name="seconds"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value.seconds}
          aria-label={t('host.terms.secondsOf', { title: lotTitle })}
          aria-invalid={errors.seconds ? true : undefined}
          aria-describedby={`${id}-sec-note`}
          onChange={(e) => set({ seconds: e.target.value })}
        />
        <small id={`${id}-sec-note`} className={errors.seconds ? 'field__error' : 'field__hint'}>
          {errors.seconds
            ? m(errors.seconds)
            : t('host.terms.secondsHint', { min: LOT_SECONDS_MIN, max: LOT_SECONDS_MAX })}
        </small>
      </div>
      <div className="field">
        <label htmlFor={`${id}-style`}>{t('host.terms.closingStyle')}</label>
        <select
          id={`${id}-style`}
          name="closingStyle"
          value={value.closingStyle}
          aria-label={t('host.terms.closingStyleOf', { title: lotTitle })}
          onChange={(e) => set({ closingStyle: e.target.value as ClosingStyle })}
        >
          <option value="sudden">{t('host.terms.sudden')}</option>
          <option value="soft">{t('host.terms.soft')}</option>
        </select>
      </div>
    </div>
  );
}
