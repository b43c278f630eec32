import { useId } from 'react';
import { EMIRATES, type FieldErrors } from '@souq/shared';
import { TextField } from '../../components/TextField';

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
  return (
    <>
      <div className={`field${fields.emirate ? ' field--invalid' : ''}`}>
        <label htmlFor={emirate}>Emirate</label>
        <select
          id={emirate}
          aria-invalid={fields.emirate ? true : undefined}
          aria-describedby={fields.emirate ? `${emirate}-note` : undefined}
          {...bind('emirate')}
        >
          <option value="">Choose an emirate</option>
          {EMIRATES.map((e) => (
            <option key={e}>{e}</option>
          ))}
        </select>
        {fields.emirate && (
          <small id={`${emirate}-note`} className="field__error">
            {fields.emirate}
          </small>
        )}
      </div>
      <TextField
        label="Area"
        autoComplete="address-level2"
        placeholder="e.g. Dubai Marina"
        {...bind('area')}
        error={fields.area}
      />
      <TextField
        label="Street address"
        autoComplete="street-address"
        placeholder="Building, street, flat"
        {...bind('street')}
        error={fields.street}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="+971 50 123 4567"
        {...bind('phone')}
        error={fields.phone}
      />
    </>
  );
}
