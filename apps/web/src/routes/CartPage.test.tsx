import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderInLocale } from '../test-support/i18n';
import { HeaderCart } from '../features/cart/CartBadge';
import { CART_KEY } from '../features/cart/cart-store';
import CartPage from './CartPage';

const LINES = [
  { id: 'p1', title: 'Falcon watch', price: 100_000, image: '', quantity: 2 },
  { id: 'p2', title: 'Oud perfume', price: 5_000, image: '', quantity: 1 },
];

function page(locale: 'en' | 'ar') {
  renderInLocale(
    <MemoryRouter>
      <CartPage />
      <HeaderCart />
    </MemoryRouter>,
    { locale },
  );
}

describe('the cart', () => {
  beforeEach(() => localStorage.setItem(CART_KEY, JSON.stringify(LINES)));
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('sums it up in English as before', () => {
    page('en');
    screen.getByRole('heading', { name: 'Your cart' });
    screen.getByText('VAT (5%)');
    screen.getByText('AED 2,152.50');
    screen.getByRole('link', { name: 'Cart, 2 items' });
    screen.getByRole('link', { name: 'Proceed to Checkout' });
  });

  it('in Arabic: the words, Arabic plurals, and prices with د.إ after the amount', () => {
    page('ar');
    screen.getByRole('heading', { name: 'سلة التسوق' });
    screen.getByText('ضريبة القيمة المضافة (5%)');
    screen.getByText('2,152.50 د.إ');
    screen.getByRole('link', { name: 'سلة التسوق، 2 منتج' });
    expect(screen.getAllByRole('button', { name: 'إزالة' })).toHaveLength(2);
  });
});
