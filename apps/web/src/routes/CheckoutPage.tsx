import { useState } from 'react';
import { Link } from 'react-router';
import { MSG, type Order } from '@souq/shared';
import { Money } from '../components/Money';
import { PageTitle } from '../components/PageTitle';
import { useRequireVerified } from '../features/auth/gates';
import { RequireAuth } from '../features/auth/RequireAuth';
import { clearCart, useCart } from '../features/cart/cart-store';
import { EmptyCart } from '../features/cart/EmptyCart';
import { CheckoutForm } from '../features/orders/CheckoutForm';

function Checkout() {
  const cart = useCart();
  const requireVerified = useRequireVerified();
  const [placed, setPlaced] = useState<Order | null>(null);

  if (placed) {
    return (
      <section className="auth-card auth-card--center" data-testid="order-confirmation">
        <PageTitle>Order placed</PageTitle>
        <p className="notice notice--ok">{MSG.orderPlaced}</p>
        <p>
          Order <strong>{placed.id.slice(0, 8).toUpperCase()}</strong> · Total <Money fils={placed.total} /> · Cash on
          delivery to {placed.address.area}, {placed.address.emirate}.
        </p>
        <div className="cart-summary__actions">
          <Link to="/MyAccount?tab=orders" className="btn btn--primary">
            View my orders
          </Link>
          <Link to="/" className="btn btn--ghost">
            Continue shopping
          </Link>
        </div>
      </section>
    );
  }
  if (cart.length === 0) return <EmptyCart title="Checkout" />;
  return (
    <>
      <PageTitle subtitle="Prices are confirmed by Souq when you place the order.">Checkout</PageTitle>
      <CheckoutForm
        lines={cart.map((l) => ({ productId: l.id, quantity: l.quantity }))}
        allowed={requireVerified}
        onPlaced={(order) => {
          clearCart();
          setPlaced(order);
        }}
      />
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
