import { Link } from 'react-router';
import { useT } from '../../i18n';
import { useCart } from './cart-store';

function CartLink({ className, testId }: { className: string; testId: string }) {
  const lines = useCart().length;
  const { t } = useT();
  return (
    <Link to="/cart" className={className} aria-label={t('cart.link', { count: lines })} data-testid={testId}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.9 2H21l-3.4 7.3a2 2 0 0 1-1.8 1.2H8.1l-1 1.8h12V18H7a2 2 0 0 1-1.7-3l1.4-2.5L3 4H1V2h3.4z"
        />
      </svg>
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
