import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/Spinner';
import { CartBadge } from '../features/cart/CartBadge';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  return (
    <div className="app">
      <Header />
      <main className="container main">
        <Suspense fallback={<Spinner label="Loading…" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <aside aria-label="Cart">
        <CartBadge />
      </aside>
    </div>
  );
}
