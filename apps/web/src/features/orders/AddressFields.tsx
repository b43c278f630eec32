import { useId } from 'react';
import { EMIRATES, type FieldErrors } from '@souq/shared';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n';
import { useEmirateName } from './labels';

export const EMPTY_ADDRESS = { emirate: '', area: '', street: '', phone: '' };

interface Props {
  bind: (name: keyof typeof EMPTY_ADDRESS) => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
  fields: FieldErrors;
}

/** A UAE delivery address (AddressSchema): checkout and a won auction's order both ask for it. */
export function AddressFields({ bind, fields }: Props) {
  const emirate = useId();
  const { t, m } = useT();
  const emirateName = useEmirateName();
  return (
    <>
      <div className={`field${fields.emirate ? ' field--invalid' : ''}`}>
        <label htmlFor={emirate}>{t('orders.address.emirate')}</label>
        <select
          id={emirate}
          aria-invalid={fields.emirate ? true : undefined}
          aria-describedby={fields.emirate ? `${emirate}-note` : undefined}
          {...bind('emirate')}
        >
          <option value="">{t('orders.address.chooseEmirate')}</option>
          {EMIRATES.map((e) => (
            <option key={e} value={e}>
              {emirateName(e)}
            </option>
          ))}
        </select>
        {fields.emirate && (
          <small id={`${emirate}-note`} className="field__error">
            {m(fields.emirate)}
          </small>
        )}
      </div>
      <TextField
        label={t('orders.address.area')}
        autoComplete="address-level2"
        placeholder={t('orders.address.areaPlaceholder')}
        {...bind('area')}
        error={fields.area}
      />
      <TextField
        label={t('orders.address.street')}
        autoComplete="street-address"
        placeholder={t('orders.address.streetPlaceholder')}
        {...bind('street')}
        error={fields.street}
      />
      <TextField
        label={t('orders.address.phone')}
        type="tel"
        // A phone number reads left to right in Arabic too.
        dir="ltr"
        autoComplete="tel"
        placeholder="+971 50 123 4567"
        {...bind('phone')}
        error={fields.phone}
      />
    </>
  );
}
