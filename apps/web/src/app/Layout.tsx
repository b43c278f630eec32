import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useT } from '../i18n';
import { SuspensionBanner } from '../features/auth/SuspensionBanner';
import { VerificationBanner } from '../features/auth/VerificationBanner';
import { CartBadge } from '../features/cart/CartBadge';
import { CategoryStrip } from './CategoryStrip';
import { RouteNotice } from './RouteNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { NewVersionBanner } from './NewVersionBanner';
import { PushOfferSlot } from './PushOfferSlot';

export function Layout() {
  const { t } = useT();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <NewVersionBanner />
      <VerificationBanner />
      <SuspensionBanner />
      <Header />
      <CategoryStrip />
      <main id="main" tabIndex={-1} className="container main">
        <RouteNotice />
        <Suspense fallback={<Spinner label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CartBadge />
      <PushOfferSlot />
    </div>
  );
}
