import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAmountToFils } from '@souq/shared';
import { renderInLocale } from '../test-support/i18n';
import { MoneyInput } from './MoneyInput';

function Typed() {
  const [value, setValue] = useState('');
  return (
    <>
      <MoneyInput aria-label="Price" value={value} onChange={(e) => setValue(e.target.value)} />
      <output>{String(parseAmountToFils(value))}</output>
    </>
  );
}

describe('money input', () => {
  afterEach(cleanup);

  it('shows AED in English, also outside the language provider', () => {
    renderInLocale(<MoneyInput aria-label="Price" />);
    expect(document.querySelector('.money-input__currency')!.textContent).toBe('AED');
    cleanup();
    render(<MoneyInput aria-label="Price" />);
    expect(document.querySelector('.money-input__currency')!.textContent).toBe('AED');
  });

  it('shows the dirham sign in Arabic', () => {
    renderInLocale(<MoneyInput aria-label="Price" />, { locale: 'ar' });
    expect(document.querySelector('.money-input__currency')!.textContent).toBe('د.إ');
  });

  it('keeps Arabic-Indic digits as typed, and they read as the amount', () => {
    renderInLocale(<Typed />, { locale: 'ar' });
    const input = screen.getByLabelText<HTMLInputElement>('Price');
    expect(input.inputMode).toBe('decimal');
    fireEvent.change(input, { target: { value: '١٬٢٣٤٫٥٠' } });
    expect(input.value).toBe('١٬٢٣٤٫٥٠');
    expect(screen.getByRole('status').textContent).toBe('123450');
  });
});
