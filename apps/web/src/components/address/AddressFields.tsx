import { useId } from 'react';
import { EMIRATES, type FieldErrors } from '@souq/shared';
import { TextField } from '../TextField';
import { useT } from '../../i18n';
import type { AddressValues } from './address-values';
import { useEmirateName } from './emirates';
import { LocationField } from './LocationField';
import './address.css';

export { EMPTY_ADDRESS } from './address-values';

interface Props {
  bind: (name: keyof AddressValues) => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
  values: AddressValues;
  edit: <K extends keyof AddressValues>(name: K, value: AddressValues[K]) => void;
  fields: FieldErrors;
}

/**
 * A UAE delivery address a courier can find (AddressSchema): checkout, a won auction's order and
 * the address book all ask for it.
 */
export function AddressFields({ bind, values, edit, fields }: Props) {
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
        autoComplete="address-line1"
        placeholder={t('orders.address.streetPlaceholder')}
        {...bind('street')}
        error={fields.street}
      />
      <div className="field-row">
        <TextField
          label={t('orders.address.building')}
          placeholder={t('orders.address.buildingPlaceholder')}
          {...bind('building')}
          error={fields.building}
        />
        <TextField
          label={t('orders.address.flat')}
          autoComplete="address-line2"
          {...bind('flat')}
          error={fields.flat}
        />
      </div>
      <TextField
        label={t('orders.address.landmark')}
        placeholder={t('orders.address.landmarkPlaceholder')}
        {...bind('landmark')}
        error={fields.landmark}
      />
      <TextField
        label={t('orders.address.phone')}
        type="tel"
        // A phone number reads left to right in Arabic too.
        dir="ltr"
        autoComplete="tel"
        placeholder="050 123 4567"
        {...bind('phone')}
        error={fields.phone}
      />
      <LocationField
        latitude={values.latitude}
        longitude={values.longitude}
        onChange={(latitude, longitude) => {
          edit('latitude', latitude);
          edit('longitude', longitude);
        }}
        error={fields.location ?? fields.latitude ?? fields.longitude}
      />
      <TextField
        label={t('orders.address.makani')}
        inputMode="numeric"
        dir="ltr"
        placeholder="12345 67890"
        hint={t('orders.address.makaniHint')}
        {...bind('makani')}
        error={fields.makani}
      />
    </>
  );
}
