import { Link } from 'react-router';
import { useT } from '../../i18n';
import { useCart } from './cart-store';
import { CartIcon } from '../../components/CartIcon';

function CartLink({ className, testId }: { className: string; testId: string }) {
  const lines = useCart().length;
  const { t } = useT();
  return (
    <Link to="/cart" className={className} aria-label={t('cart.link', { count: lines })} data-testid={testId}>
      <CartIcon />
      <span className={`${className}__count`}>{lines}</span>
    </Link>
  );
}

/** Floating button with the number of distinct cart lines (not items); on a phone the header's cart stands in for it. */
export function CartBadge() {
  const { t } = useT();
  // In a landmark of its own, so screen-reader users find it among the page's regions.
  return (
    <aside aria-label={t('cart.label')} className="cart-fab">
      <CartLink className="cart-badge" testId="cart-badge" />
    </aside>
  );
}

/**
 * The cart in the phone header: a floating button there would sit over prices, form fields and
 * the product page's buy bar (issue 11). Hidden on wider screens, where the floating one shows.
 */
export function HeaderCart() {
  return <CartLink className="header-cart" testId="header-cart" />;
}
