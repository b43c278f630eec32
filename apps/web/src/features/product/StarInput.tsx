import { useState } from 'react';
import { useT, type MessageKey } from '../../i18n';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
/** 'Poor' to 'Excellent', by the number of stars. */
const WORDS: readonly MessageKey[] = [
  'product.rating.1',
  'product.rating.2',
  'product.rating.3',
  'product.rating.4',
  'product.rating.5',
];

/** A 1–5 rating as five radio stars (keyboard: arrow keys, like any radio group). */
export function StarInput({
  value,
  onChange,
  name = 'rating',
  disabled,
}: {
  value: number;
  onChange: (rating: number) => void;
  name?: string;
  disabled?: boolean;
}) {
  const { t } = useT();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;
  return (
    <fieldset className="star-input" disabled={disabled} onMouseLeave={() => setHover(null)}>
      <legend>{t('product.rating.legend')}</legend>
      <div className="star-input__row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className={`star-input__star${n <= shown ? ' star-input__star--on' : ''}`}
            onMouseEnter={() => setHover(n)}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={STAR} />
            </svg>
            <span className="sr-only">{t('product.rating.stars', { count: n })}</span>
          </label>
        ))}
        <span className="star-input__word" aria-hidden="true">
          {shown >= 1 && WORDS[shown - 1] ? t(WORDS[shown - 1]!) : ''}
        </span>
      </div>
    </fieldset>
  );
}
