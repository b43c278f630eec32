import type { SavedAddressView } from '@souq/shared';
import { useT } from '../../i18n';
import { AddressParts } from './AddressParts';
import { useEmirateName } from './emirates';
import './address.css';

interface Props {
  saved: SavedAddressView[];
  chosen: string | null;
  onChoose: (address: SavedAddressView | null) => void;
}

/** The address book at checkout: one tap fills the form with a saved address, or starts a new one. */
export function SavedAddressPicker({ saved, chosen, onChoose }: Props) {
  const { t } = useT();
  const emirateName = useEmirateName();
  if (saved.length === 0) return null;
  return (
    <fieldset className="saved-addresses" data-testid="saved-addresses">
      <legend>{t('addresses.pick')}</legend>
      {saved.map((a) => (
        <label key={a.id} className="saved-addresses__choice">
          <input type="radio" name="saved-address" checked={chosen === a.id} onChange={() => onChoose(a)} />
          <span>
            <AddressParts parts={[a.building, a.street, a.area, emirateName(a.emirate)]} />
            {a.isDefault && <span className="address-badge">{t('addresses.default')}</span>}
          </span>
        </label>
      ))}
      <label className="saved-addresses__choice">
        <input type="radio" name="saved-address" checked={chosen === null} onChange={() => onChoose(null)} />
        <span>{t('addresses.new')}</span>
      </label>
    </fieldset>
  );
}
