import { AddressSchema, type Order } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { AddressFields, EMPTY_ADDRESS } from './AddressFields';
import { useCompleteAddress } from './api';
import { useT } from '../../i18n';
import { CashOnDelivery } from './CashOnDelivery';

interface Props {
  orderId: string;
  onDone: (order: Order) => void;
}

/** A won auction's order waits for its delivery address: the checkout's address form completes it. */
export function CompleteAddressForm({ orderId, onDone }: Props) {
  const complete = useCompleteAddress(orderId);
  const { t } = useT();
  // Like the rest of the auction page, a 401 is said here, above the button, rather than a trip to the login page.
  const form = useForm({ initial: EMPTY_ADDRESS, check: bySchema(AddressSchema), signInHere: true });

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
      <AddressFields bind={form.bind} fields={form.fields} />
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
