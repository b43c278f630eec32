import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { matchRoutes, Navigate } from 'react-router';
import ShopPage from '../routes/ShopPage';

/**
 * Each page is its own chunk, fetched on first visit (the layout's Suspense shows a spinner),
 * except the shop: most visits start there, and its code arriving with the entry saves a phone
 * a round trip of chunks after the app has started (issue 11).
 */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy(load);
  return { element: <Page />, handle: { load } };
}

/**
 * The spec's route table. Paths match case-insensitively, so /Login and /login,
 * /EditProduct/1 and /editproduct/1 are the same route.
 */
export const ROUTES: RouteObject[] = [
  { index: true, element: <ShopPage /> },
  { path: 'foryou', ...page(() => import('../routes/ForYouPage')) },
  { path: 'Login', ...page(() => import('../routes/LoginPage')) },
  { path: 'search', ...page(() => import('../routes/SearchPage')) },
  { path: 'MyAccount', ...page(() => import('../routes/MyAccountPage')) },
  { path: 'MyAccount/:ownerID', ...page(() => import('../routes/MyAccountPage')) },
  { path: 'auction', ...page(() => import('../routes/AuctionListPage')) },
  { path: 'auction/:auctionId', ...page(() => import('../routes/AuctionPage')) },
  { path: 'EditProfile', ...page(() => import('../routes/EditProfilePage')) },
  { path: 'EditProduct/:productId', ...page(() => import('../routes/EditProductPage')) },
  { path: 'product/:productId', ...page(() => import('../routes/ProductPage')) },
  { path: 'AddProduct', ...page(() => import('../routes/AddProductPage')) },
  { path: 'settings', ...page(() => import('../routes/SettingsPage')) },
  { path: 'cart', ...page(() => import('../routes/CartPage')) },
  { path: 'checkout', ...page(() => import('../routes/CheckoutPage')) },
  { path: 'live', ...page(() => import('../routes/LiveListPage')) },
  { path: 'livestream-host', ...page(() => import('../routes/LiveHostPage')) },
  { path: 'livestream/:id', ...page(() => import('../routes/LiveViewerPage')) },
  // Some of the original app's buttons go here; it is the live list.
  { path: 'live-auction', element: <Navigate to="/live" replace /> },
  { path: 'verify-email', ...page(() => import('../routes/VerifyEmailPage')) },
  { path: 'forgot-password', ...page(() => import('../routes/ForgotPasswordPage')) },
  { path: 'reset-password', ...page(() => import('../routes/ResetPasswordPage')) },
  { path: 'auth/popup-done', ...page(() => import('../routes/PopupDonePage')) },
  { path: '*', ...page(() => import('../routes/NotFoundPage')) },
];

/**
 * The code of the page at `pathname`, fetched ahead: a server-rendered page is hydrated only once
 * its code is here, so a tap on it is never lost to a part the app cannot handle yet (ADR 0025).
 */
export function loadPageCode(pathname: string): Promise<unknown> {
  const matches = matchRoutes(ROUTES, pathname) ?? [];
  return Promise.all(matches.map((match) => (match.route.handle as { load?: () => Promise<unknown> } | undefined)?.load?.()));
}
