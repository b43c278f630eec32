import { vatFor, type Order, type SavedAddressView } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { Money } from '../../components/Money';
import { AddressBookFields, useAddressBookForm } from '../../components/address/AddressBookFields';
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
  const checkout = useCheckoutOffer(offerId);
  const form = useAddressBookForm(saved);
  const vat = vatFor(price);
  return (
    <form
      className="offer-checkout"
      noValidate
      data-testid="offer-checkout"
      onSubmit={(e) => void form.submit(e, async (address) => onPlaced(await checkout.mutateAsync({ address })))}
    >
      <h3>{t('offers.checkout.title')}</h3>
      <AddressBookFields saved={saved} form={form} />
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
