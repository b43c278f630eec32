import { useState } from 'react';
import { AddressSchema, vatFor, type Order, type SavedAddressView } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { Money } from '../../components/Money';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { AddressFields } from '../../components/address/AddressFields';
import { addressOfValues, EMPTY_ADDRESS, valuesOf } from '../../components/address/address-values';
import { SavedAddressPicker } from '../../components/address/SavedAddressPicker';
import { useT } from '../../i18n';
import { useCheckoutOffer } from './api';

interface Props {
  offerId: string;
  price: number;
  /** The buyer's address book; the default is filled in to start with. */
  saved: SavedAddressView[];
  onPlaced: (order: Order) => void;
}

/** An accepted offer's checkout: the delivery address, the agreed price with 5% VAT, cash on delivery. */
export function OfferCheckout({ offerId, price, saved, onPlaced }: Props) {
  const { t } = useT();
  const first = saved.find((a) => a.isDefault) ?? saved[0];
  const [chosen, setChosen] = useState<string | null>(first?.id ?? null);
  const checkout = useCheckoutOffer(offerId);
  const form = useForm({
    initial: first ? valuesOf(first) : EMPTY_ADDRESS,
    check: (values) => bySchema(AddressSchema)(addressOfValues(values)),
  });
  const vat = vatFor(price);
  return (
    <form
      className="offer-checkout"
      noValidate
      data-testid="offer-checkout"
      onSubmit={(e) => void form.submit(e, async (address) => onPlaced(await checkout.mutateAsync({ address })))}
    >
      <h3>{t('offers.checkout.title')}</h3>
      <SavedAddressPicker
        saved={saved}
        chosen={chosen}
        onChoose={(address) => {
          setChosen(address?.id ?? null);
          form.setValues(address ? valuesOf(address) : EMPTY_ADDRESS);
          form.setFields({});
        }}
      />
      <AddressFields bind={form.bind} values={form.values} edit={form.edit} fields={form.fields} />
      <dl className="offer-checkout__sum">
        <dt>{t('offers.checkout.price')}</dt>
        <dd>
          <Money fils={price} />
        </dd>
        <dt>{t('offers.checkout.vat')}</dt>
        <dd>
          <Money fils={vat} />
        </dd>
        <dt>{t('offers.checkout.total')}</dt>
        <dd>
          <strong>
            <Money fils={price + vat} />
          </strong>
        </dd>
      </dl>
      <p className="muted">{t('offers.checkout.cod')}</p>
      <FormError message={form.error} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={form.pending}
        data-testid="place-offer-order"
      >
        {form.pending ? t('offers.checkout.placing') : t('offers.checkout.place')}
      </button>
    </form>
  );
}
