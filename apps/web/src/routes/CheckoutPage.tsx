import { useState } from 'react';
import { Link } from 'react-router';
import { codBlockedUntil, codTooManyOpen, MSG, suspensionDay, type CodStanding, type Order } from '@souq/shared';
import { Money } from '../components/Money';
import { Spinner } from '../components/Spinner';
import { PageTitle } from '../components/PageTitle';
import { useRequireVerified } from '../features/auth/gates';
import { useAddressBook } from '../features/addresses/api';
import { useCodStanding } from '../features/delivery/api';
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
  const cod = useCodStanding();

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
      {cod.data && !cod.data.allowed ? (
        <CodRefused standing={cod.data} />
      ) : book.isPending || cod.isPending ? (
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

/** Cash on delivery is Souq's only payment: a buyer it is closed to is told why, and until when, before the form. */
function CodRefused({ standing }: { standing: CodStanding }) {
  const { t, m } = useT();
  const blocked = standing.blockedUntil;
  return (
    <section className="card" role="alert" data-testid="cod-refused">
      <h2>{blocked ? t('delivery.codBlocked') : t('delivery.codTooMany')}</h2>
      <p>{m(blocked ? codBlockedUntil(suspensionDay(blocked)) : codTooManyOpen(standing.openOrders))}</p>
      <Link to="/MyAccount?tab=orders" className="btn btn--primary">
        {t('orders.placed.viewOrders')}
      </Link>
    </section>
  );
}

export default function CheckoutPage() {
  return (
    <RequireAuth>
      <Checkout />
    </RequireAuth>
  );
}
