import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import ShopPage from '../routes/ShopPage';

/**
 * Each page is its own chunk, fetched on first visit (the layout's Suspense shows a spinner),
 * except the shop: most visits start there, and its code arriving with the entry saves a phone
 * a round trip of chunks after the app has started (issue 11).
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

/**
 * The spec's route table. Paths match case-insensitively, so /Login and /login,
 * /EditProduct/1 and /editproduct/1 are the same route.
 */
export const ROUTES: RouteObject[] = [
  { index: true, element: <ShopPage /> },
  { path: 'foryou', element: page(() => import('../routes/ForYouPage')) },
  { path: 'Login', element: page(() => import('../routes/LoginPage')) },
  { path: 'search', element: page(() => import('../routes/SearchPage')) },
  { path: 'MyAccount', element: page(() => import('../routes/MyAccountPage')) },
  { path: 'MyAccount/:ownerID', element: page(() => import('../routes/MyAccountPage')) },
  { path: 'auction', element: page(() => import('../routes/AuctionListPage')) },
  { path: 'auction/:auctionId', element: page(() => import('../routes/AuctionPage')) },
  { path: 'EditProfile', element: page(() => import('../routes/EditProfilePage')) },
  { path: 'EditProduct/:productId', element: page(() => import('../routes/EditProductPage')) },
  { path: 'product/:productId', element: page(() => import('../routes/ProductPage')) },
  { path: 'AddProduct', element: page(() => import('../routes/AddProductPage')) },
  { path: 'settings', element: page(() => import('../routes/SettingsPage')) },
  { path: 'cart', element: page(() => import('../routes/CartPage')) },
  { path: 'checkout', element: page(() => import('../routes/CheckoutPage')) },
  { path: 'live', element: page(() => import('../routes/LiveListPage')) },
  { path: 'livestream-host', element: page(() => import('../routes/LiveHostPage')) },
  { path: 'livestream/:id', element: page(() => import('../routes/LiveViewerPage')) },
  // Some of the original app's buttons go here; it is the live list.
  { path: 'live-auction', element: <Navigate to="/live" replace /> },
  { path: 'verify-email', element: page(() => import('../routes/VerifyEmailPage')) },
  { path: 'forgot-password', element: page(() => import('../routes/ForgotPasswordPage')) },
  { path: 'reset-password', element: page(() => import('../routes/ResetPasswordPage')) },
  { path: 'auth/popup-done', element: page(() => import('../routes/PopupDonePage')) },
  { path: '*', element: page(() => import('../routes/NotFoundPage')) },
];
