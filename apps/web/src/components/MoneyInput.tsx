import { useContext, type InputHTMLAttributes } from 'react';
import { LinguiContext } from '@lingui/react';
import { AED_AR } from '@souq/shared';

/**
 * An amount typed in AED (the form turns it into fils with parseAmountToFils). What is typed stays
 * as typed: Western (1260), Arabic-Indic (١٢٦٠) or Persian (۱۲۶۰) digits, with ٫ and ٬ or . and ,
 * are all read by the parser, in the browser and on the server. The field stays left to right in
 * Arabic (styles/global.css, inputmode=decimal). The dirham's sign is the page's: "AED" in English,
 * "د.إ" in Arabic, as formatMoney writes prices.
 */
export function MoneyInput(props: InputHTMLAttributes<HTMLInputElement>) {
  // The language is read from Lingui's context rather than useT so that a form rendered outside the
  // app's language provider (a test of a form not yet translated) still renders, in English.
  const locale = useContext(LinguiContext)?.i18n.locale;
  return (
    <span className="money-input">
      <span className="money-input__currency" aria-hidden="true">
        {locale === 'ar' ? AED_AR : 'AED'}
      </span>
      <input inputMode="decimal" autoComplete="off" placeholder="0.00" {...props} />
    </span>
  );
}
