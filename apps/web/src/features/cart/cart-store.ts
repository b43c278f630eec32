import { useSyncExternalStore } from 'react';

/** A cart line as local storage keeps it, so carts saved earlier still read. Price is in fils. */
export interface CartLine {
  id: string;
  title: string;
  price: number;
  image: string;
  quantity: number;
}

export const CART_KEY = 'cart';
const CHANGE_EVENT = 'souq:cart';

function isLine(value: unknown): value is CartLine {
  const v = value as CartLine;
  return (
    !!v &&
    typeof v.id === 'string' &&
    typeof v.title === 'string' &&
    Number.isFinite(v.price) &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1
  );
}

export function readCart(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    return [];
  }
}

/** Saved on every change, so a reload keeps the cart, and announced so every open view of the cart updates. */
function writeCart(lines: CartLine[]): void {
  localStorage.setItem(CART_KEY, JSON.stringify(lines));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Adding an existing line raises its quantity by one. */
export function addToCart(item: Omit<CartLine, 'quantity'>): void {
  const lines = readCart();
  const existing = lines.find((l) => l.id === item.id);
  writeCart(
    existing
      ? lines.map((l) => (l.id === item.id ? { ...l, quantity: l.quantity + 1 } : l))
      : [...lines, { ...item, quantity: 1 }],
  );
}

/** The quantity never goes below 1; removing is its own action. */
export function setQuantity(id: string, quantity: number): void {
  writeCart(readCart().map((l) => (l.id === id ? { ...l, quantity: Math.max(1, Math.floor(quantity)) } : l)));
}

export function removeFromCart(id: string): void {
  writeCart(readCart().filter((l) => l.id !== id));
}

export function clearCart(): void {
  writeCart([]);
}

let cached: { raw: string | null; lines: CartLine[] } = { raw: null, lines: [] };
function snapshot(): CartLine[] {
  const raw = localStorage.getItem(CART_KEY);
  if (raw !== cached.raw) cached = { raw, lines: readCart() };
  return cached.lines;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, snapshot, () => []);
}
