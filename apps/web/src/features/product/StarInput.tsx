import { useState } from 'react';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

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
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;
  return (
    <fieldset className="star-input" disabled={disabled} onMouseLeave={() => setHover(null)}>
      <legend>Your rating</legend>
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
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        <span className="star-input__word" aria-hidden="true">
          {WORDS[shown] ?? ''}
        </span>
      </div>
    </fieldset>
  );
}
