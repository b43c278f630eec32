import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, CART_KEY, clearCart, readCart, removeFromCart, setQuantity } from './cart-store';

const watch = { id: 'p1', title: 'Seiko Presage', price: 129_900, image: '/x.webp' };

describe('cart in local storage', () => {
  beforeEach(() => localStorage.clear());

  it('adds a line, and adding it again raises the quantity instead of a second line', () => {
    addToCart(watch);
    addToCart(watch);
    expect(readCart()).toEqual([{ ...watch, quantity: 2 }]);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toHaveLength(1);
  });

  it('never lets the quantity fall below 1', () => {
    addToCart(watch);
    setQuantity('p1', 0);
    expect(readCart()[0]!.quantity).toBe(1);
    setQuantity('p1', -5);
    expect(readCart()[0]!.quantity).toBe(1);
    setQuantity('p1', 4);
    expect(readCart()[0]!.quantity).toBe(4);
  });

  it('removes and clears', () => {
    addToCart(watch);
    addToCart({ ...watch, id: 'p2' });
    removeFromCart('p1');
    expect(readCart().map((l) => l.id)).toEqual(['p2']);
    clearCart();
    expect(readCart()).toEqual([]);
  });

  it('ignores corrupt or tampered storage rather than crashing', () => {
    localStorage.setItem(CART_KEY, '{not json');
    expect(readCart()).toEqual([]);
    localStorage.setItem(
      CART_KEY,
      JSON.stringify([
        { id: 'p1', title: 'x', price: 'free', quantity: 1 },
        { ...watch, quantity: 0 },
        { ...watch, quantity: 2 },
      ]),
    );
    expect(readCart()).toEqual([{ ...watch, quantity: 2 }]);
  });

  it('announces every change so the badge updates', () => {
    let events = 0;
    window.addEventListener('souq:cart', () => events++);
    addToCart(watch);
    setQuantity('p1', 3);
    clearCart();
    expect(events).toBe(3);
  });
});
