import { CLOSING_STYLES, SOFT_CLOSE_MS, type ClosingStyle } from '@souq/shared';
import { useT, type MessageKey } from '../../i18n';
import { closingLabel } from './status';
import type { StartFieldsProps } from './useMoveToAuction';

const CLOSING_HELP: Record<ClosingStyle, MessageKey> = {
  soft: 'auctions.start.softHelp',
  sudden: 'auctions.start.suddenHelp',
};

/** How the auction closes: each style with what it means for the last minutes. */
export function ClosingStyleChoice({ values, fields, pending, set }: StartFieldsProps) {
  const { t, m } = useT();
  return (
    <fieldset className="choice-field">
      <legend>{t('auctions.start.closingStyle')}</legend>
      <div className="closing-styles">
        {(Object.keys(CLOSING_STYLES) as ClosingStyle[]).map((style) => (
          <label key={style} className={`closing-style${values.closingStyle === style ? ' closing-style--on' : ''}`}>
            <input
              type="radio"
              name="closingStyle"
              value={style}
              checked={values.closingStyle === style}
              disabled={pending}
              onChange={() => set('closingStyle', style)}
            />
            <span>
              <strong>
                {closingLabel(t, style)}
                {style === 'soft' && <span className="field__optional"> {t('auctions.start.recommended')}</span>}
              </strong>
              <span className="closing-style__help">{t(CLOSING_HELP[style], { minutes: SOFT_CLOSE_MS / 60_000 })}</span>
            </span>
          </label>
        ))}
      </div>
      {fields.closingStyle && <small className="field__error">{m(fields.closingStyle)}</small>}
    </fieldset>
  );
}
