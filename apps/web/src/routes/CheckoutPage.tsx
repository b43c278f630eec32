import { useState } from 'react';
import { Link } from 'react-router';
import { MSG, type Order } from '@souq/shared';
import { Money } from '../components/Money';
import { Spinner } from '../components/Spinner';
import { PageTitle } from '../components/PageTitle';
import { useRequireVerified } from '../features/auth/gates';
import { useAddressBook } from '../features/addresses/api';
import { RequireAuth } from '../features/auth/RequireAuth';
import { clearCart, useCart } from '../features/cart/cart-store';
import { EmptyCart } from '../features/cart/EmptyCart';
import { CheckoutForm } from '../features/orders/CheckoutForm';
import { useEmirateName } from '../components/address/emirates';
import { RichText } from '../components/RichText';
import { useT } from '../i18n';

function Checkout() {
  const cart = useCart();
  const requireVerified = useRequireVerified();
  const [placed, setPlaced] = useState<Order | null>(null);
  const { t, m } = useT();
  const emirateName = useEmirateName();
  const book = useAddressBook();

  if (placed) {
    return (
      <section className="auth-card auth-card--center" data-testid="order-confirmation">
        <PageTitle>{t('orders.placed.title')}</PageTitle>
        <p className="notice notice--ok">{m(MSG.orderPlaced)}</p>
        <p>
          <RichText
            id="orders.placed.summary"
            values={{ emirate: emirateName(placed.address.emirate) }}
            parts={{
              id: (
                <strong>
                  <bdi>{placed.id.slice(0, 8).toUpperCase()}</bdi>
                </strong>
              ),
              total: <Money fils={placed.total} />,
              area: <bdi>{placed.address.area}</bdi>,
            }}
          />
        </p>
        <div className="cart-summary__actions">
          <Link to="/MyAccount?tab=orders" className="btn btn--primary">
            {t('orders.placed.viewOrders')}
          </Link>
          <Link to="/" className="btn btn--ghost">
            {t('orders.placed.continue')}
          </Link>
        </div>
      </section>
    );
  }
  if (cart.length === 0) return <EmptyCart title={t('orders.checkout.title')} />;
  return (
    <>
      <PageTitle subtitle={t('orders.checkout.subtitle')}>{t('orders.checkout.title')}</PageTitle>
      {book.isPending ? (
        <Spinner label={t('addresses.loading')} />
      ) : (
        <CheckoutForm
          saved={book.data}
          lines={cart.map((l) => ({ productId: l.id, quantity: l.quantity }))}
          allowed={requireVerified}
          onPlaced={(order) => {
            clearCart();
            setPlaced(order);
          }}
        />
      )}
    </>
  );
}

export default function CheckoutPage() {
  return (
    <RequireAuth>
      <Checkout />
    </RequireAuth>
  );
}
