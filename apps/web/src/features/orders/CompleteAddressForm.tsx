import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AddressSchema, type Order } from '@souq/shared';
import { post } from '../../api/client';
import { FormError } from '../../components/FormError';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useForm } from '../../components/useForm';
import { AddressFields, EMPTY_ADDRESS } from './AddressFields';
import { CashOnDelivery } from './CashOnDelivery';

interface Props {
  orderId: string;
  onGateError?: (error: unknown) => boolean;
  onDone: (order: Order) => void;
}

/** A won auction's order waits for its delivery address: the checkout's address form completes it. */
export function CompleteAddressForm({ orderId, onGateError, onDone }: Props) {
  const client = useQueryClient();
  const form = useForm(AddressSchema, EMPTY_ADDRESS);
  const element = useRef<HTMLFormElement>(null);
  const showErrors = useFocusFirstInvalid(element);

  return (
    <form
      ref={element}
      className="complete-address"
      noValidate
      data-testid="complete-address"
      onSubmit={(e) => {
        e.preventDefault();
        void form
          .submit(async (address) => {
            try {
              const order = await post<Order>(`/api/orders/${encodeURIComponent(orderId)}/address`, address);
              await client.invalidateQueries({ queryKey: ['orders'] });
              onDone(order);
            } catch (error) {
              if (!onGateError?.(error)) throw error;
            }
          })
          .then(showErrors);
      }}
    >
      <h2>Delivery address</h2>
      <AddressFields bind={form.bind} fields={form.fields} />
      <CashOnDelivery />
      <FormError message={form.error} />
      <button type="submit" className="btn btn--primary btn--block" disabled={form.pending} data-testid="confirm-address">
        {form.pending ? 'Saving…' : 'Confirm order'}
      </button>
    </form>
  );
}
