import { Link } from 'react-router';
import { productPath, VAT_RATE_PERCENT, vatFor } from '@souq/shared';
import { Money } from '../components/Money';
import { PageTitle } from '../components/PageTitle';
import { EmptyCart } from '../features/cart/EmptyCart';
import { useT } from '../i18n';
import { clearCart, removeFromCart, setQuantity, useCart } from '../features/cart/cart-store';

export default function CartPage() {
  const lines = useCart();
  const { t } = useT();
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  // Issue 11: VAT is shown here, before checkout, so the total does not grow at the last step.
  const vat = vatFor(subtotal);
  if (lines.length === 0) return <EmptyCart title={t('cart.title')} />;
  return (
    <>
      <PageTitle>{t('cart.title')}</PageTitle>
      <ul className="cart-lines">
        {lines.map((line) => (
          <li key={line.id} className="cart-line">
            <img src={line.image || '/images/placeholder.svg'} alt="" width={72} height={72} />
            <div className="cart-line__info">
              <Link to={productPath(line.id)}>{line.title}</Link>
              <Money fils={line.price} className="muted" />
            </div>
            <div className="stepper" aria-label={t('cart.quantityOf', { title: line.title })}>
              <button
                type="button"
                aria-label={t('cart.decrease')}
                disabled={line.quantity <= 1}
                onClick={() => setQuantity(line.id, line.quantity - 1)}
              >
                −
              </button>
              <span aria-live="polite">{line.quantity}</span>
              <button
                type="button"
                aria-label={t('cart.increase')}
                onClick={() => setQuantity(line.id, line.quantity + 1)}
              >
                +
              </button>
            </div>
            <Money fils={line.price * line.quantity} className="cart-line__total" />
            <button type="button" className="btn btn--ghost btn--small" onClick={() => removeFromCart(line.id)}>
              {t('cart.remove')}
            </button>
          </li>
        ))}
      </ul>
      <div className="cart-summary">
        <dl className="cart-summary__sums">
          <dt>{t('cart.subtotal')}</dt>
          <dd>
            <Money fils={subtotal} />
          </dd>
          <dt>{t('cart.vat', { rate: VAT_RATE_PERCENT })}</dt>
          <dd>
            <Money fils={vat} />
          </dd>
          <dt>{t('cart.total')}</dt>
          <dd>
            <Money fils={subtotal + vat} className="cart-summary__total" />
          </dd>
        </dl>
        <div className="cart-summary__actions">
          <button type="button" className="btn btn--ghost" onClick={clearCart}>
            {t('cart.clear')}
          </button>
          <Link to="/checkout" className="btn btn--primary">
            {t('cart.checkout')}
          </Link>
        </div>
      </div>
    </>
  );
}
