import { useState } from 'react';
import { AddressSchema, MSG, VAT_RATE_PERCENT, type Order } from '@souq/shared';
import { ApiError } from '../../api/client';
import { FormError } from '../../components/FormError';
import { Money } from '../../components/Money';
import { Spinner } from '../../components/Spinner';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { AddressFields, EMPTY_ADDRESS } from './AddressFields';
import { usePlaceOrder, useQuote } from './api';
import { CashOnDelivery } from './CashOnDelivery';

interface Props {
  lines: { productId: string; quantity: number }[];
  /** The page's gate (verified email) before placing the order. */
  allowed: () => boolean;
  onPlaced: (order: Order) => void;
}

/** Delivery address, an order summary priced by the server, 5% VAT, cash on delivery. */
export function CheckoutForm({ lines, allowed, onPlaced }: Props) {
  // One key per visit: a double click or a retried request places one order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm({ initial: EMPTY_ADDRESS, check: bySchema(AddressSchema) });
  const quote = useQuote(lines);
  const place = usePlaceOrder();

  return (
    <div className="checkout">
      <form
        className="card"
        noValidate
        onSubmit={(e) => {
          if (!allowed()) return e.preventDefault();
          void form.submit(e, async (address) => onPlaced(await place.mutateAsync({ idempotencyKey, lines, address })));
        }}
      >
        <h2>Delivery address</h2>
        <AddressFields bind={form.bind} fields={form.fields} />
        <CashOnDelivery />
        <FormError message={form.error} />
        <button type="submit" className="btn btn--primary btn--block" disabled={form.pending || !quote.data}>
          {form.pending ? 'Placing order…' : 'Place order'}
        </button>
      </form>
      <aside className="card" aria-label="Order summary">
        <h2>Order summary</h2>
        {quote.isPending && <Spinner label="Checking prices…" />}
        {quote.error && (
          <p className="notice notice--error">
            {quote.error instanceof ApiError ? quote.error.message : MSG.itemsUnavailable}
          </p>
        )}
        {quote.data && (
          <table className="summary-table" data-testid="order-summary">
            <tbody>
              {quote.data.lines.map((l) => (
                <tr key={l.productId}>
                  <td>
                    {l.title} × {l.quantity}
                  </td>
                  <td>
                    <Money fils={l.lineTotal} />
                  </td>
                </tr>
              ))}
              <tr>
                <td>Subtotal</td>
                <td>
                  <Money fils={quote.data.subtotal} />
                </td>
              </tr>
              <tr>
                <td>VAT ({VAT_RATE_PERCENT}%)</td>
                <td>
                  <Money fils={quote.data.vat} />
                </td>
              </tr>
              <tr>
                <td>Delivery</td>
                <td>Free</td>
              </tr>
              <tr className="total">
                <td>Total</td>
                <td data-testid="order-total">
                  <Money fils={quote.data.total} />
                </td>
              </tr>
            </tbody>
          </table>
        )}
      </aside>
    </div>
  );
}
