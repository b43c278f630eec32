import type { InputHTMLAttributes } from 'react';

/** An amount typed in AED (the form turns it into fils with parseAmountToFils). */
export function MoneyInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <span className="money-input">
      <span className="money-input__currency" aria-hidden="true">
        AED
      </span>
      <input inputMode="decimal" autoComplete="off" placeholder="0.00" {...props} />
    </span>
  );
}
