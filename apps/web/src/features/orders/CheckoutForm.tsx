import { useState } from 'react';
import { MSG, VAT_RATE_PERCENT, type Order, type SavedAddressView } from '@souq/shared';
import { ApiError } from '../../api/client';
import { FormError } from '../../components/FormError';
import { Money } from '../../components/Money';
import { RichText } from '../../components/RichText';
import { Spinner } from '../../components/Spinner';
import { AddressBookFields, useAddressBookForm } from '../../components/address/AddressBookFields';
import { usePlaceOrder, useQuote } from './api';
import { CashOnDelivery } from './CashOnDelivery';
import { useT } from '../../i18n';

interface Props {
  lines: { productId: string; quantity: number }[];
  /** The page's gate (verified email) before placing the order. */
  allowed: () => boolean;
  onPlaced: (order: Order) => void;
  /** The buyer's address book; the default is filled in to start with. */
  saved?: SavedAddressView[];
}

/** Delivery address, an order summary priced by the server, 5% VAT, cash on delivery. */
export function CheckoutForm({ lines, allowed, onPlaced, saved = [] }: Props) {
  // One key per visit: a double click or a retried request places one order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useAddressBookForm(saved);
  const quote = useQuote(lines);
  const place = usePlaceOrder(idempotencyKey);
  const { t, m } = useT();

  return (
    <div className="checkout">
      <form
        className="card"
        noValidate
        onSubmit={(e) => {
          if (!allowed()) return e.preventDefault();
          void form.submit(e, async (address) => onPlaced(await place.mutateAsync({ lines, address })));
        }}
      >
        <h2>{t('orders.address.title')}</h2>
        <AddressBookFields saved={saved} form={form} />
        <CashOnDelivery />
        <FormError message={form.error} />
        <button type="submit" className="btn btn--primary btn--block" disabled={form.pending || !quote.data}>
          {form.pending ? t('orders.checkout.placing') : t('orders.checkout.place')}
        </button>
      </form>
      <aside className="card" aria-label={t('orders.checkout.summary')}>
        <h2>{t('orders.checkout.summary')}</h2>
        {quote.isPending && <Spinner label={t('orders.checkout.checkingPrices')} />}
        {quote.error && (
          <p className="notice notice--error">
            {m(quote.error instanceof ApiError ? quote.error.message : MSG.itemsUnavailable)}
          </p>
        )}
        {quote.data && (
          <table className="summary-table" data-testid="order-summary">
            <tbody>
              {quote.data.lines.map((l) => (
                <tr key={l.productId}>
                  <td>
                    <RichText
                      id="orders.checkout.line"
                      values={{ quantity: l.quantity }}
                      parts={{ title: <bdi>{l.title}</bdi> }}
                    />
                  </td>
                  <td>
                    <Money fils={l.lineTotal} />
                  </td>
                </tr>
              ))}
              <tr>
                <td>{t('cart.subtotal')}</td>
                <td>
                  <Money fils={quote.data.subtotal} />
                </td>
              </tr>
              <tr>
                <td>{t('cart.vat', { rate: VAT_RATE_PERCENT })}</td>
                <td>
                  <Money fils={quote.data.vat} />
                </td>
              </tr>
              <tr>
                <td>{t('orders.checkout.delivery')}</td>
                <td>{t('orders.checkout.free')}</td>
              </tr>
              <tr className="total">
                <td>{t('cart.total')}</td>
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
