import { AddressSchema, type Order, type SavedAddressView } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { AddressFields } from '../../components/address/AddressFields';
import { addressOfValues, EMPTY_ADDRESS, valuesOf } from '../../components/address/address-values';
import { useCompleteAddress } from './api';
import { useT } from '../../i18n';
import { CashOnDelivery } from './CashOnDelivery';

interface Props {
  orderId: string;
  onDone: (order: Order) => void;
  /** The winner's default address, filled in to start with. */
  saved?: SavedAddressView;
}

/** A won auction's order waits for its delivery address: the checkout's address form completes it. */
export function CompleteAddressForm({ orderId, onDone, saved }: Props) {
  const complete = useCompleteAddress(orderId);
  const { t } = useT();
  // Like the rest of the auction page, a 401 is said here, above the button, rather than a trip to the login page.
  const form = useForm({
    initial: saved ? valuesOf(saved) : EMPTY_ADDRESS,
    check: (values) => bySchema(AddressSchema)(addressOfValues(values)),
    signInHere: true,
  });

  return (
    <form
      className="complete-address"
      noValidate
      data-testid="complete-address"
      onSubmit={(e) =>
        void form.submit(e, async (address) => {
          onDone(await complete.mutateAsync(address));
        })
      }
    >
      <h2>{t('orders.address.title')}</h2>
      <AddressFields bind={form.bind} values={form.values} edit={form.edit} fields={form.fields} />
      <CashOnDelivery />
      <FormError message={form.error} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={form.pending}
        data-testid="confirm-address"
      >
        {form.pending ? t('orders.address.saving') : t('orders.address.confirm')}
      </button>
    </form>
  );
}
