import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import AddProductPage from '../routes/AddProductPage';
import AuctionListPage from '../routes/AuctionListPage';
import AuctionPage from '../routes/AuctionPage';
import CartPage from '../routes/CartPage';
import CheckoutPage from '../routes/CheckoutPage';
import EditProductPage from '../routes/EditProductPage';
import EditProfilePage from '../routes/EditProfilePage';
import ForgotPasswordPage from '../routes/ForgotPasswordPage';
import ForYouPage from '../routes/ForYouPage';
import LiveHostPage from '../routes/LiveHostPage';
import LiveListPage from '../routes/LiveListPage';
import LiveViewerPage from '../routes/LiveViewerPage';
import LoginPage from '../routes/LoginPage';
import MyAccountPage from '../routes/MyAccountPage';
import NotFoundPage from '../routes/NotFoundPage';
import PopupDonePage from '../routes/PopupDonePage';
import ProductPage from '../routes/ProductPage';
import ResetPasswordPage from '../routes/ResetPasswordPage';
import SearchPage from '../routes/SearchPage';
import SettingsPage from '../routes/SettingsPage';
import ShopPage from '../routes/ShopPage';
import VerifyEmailPage from '../routes/VerifyEmailPage';

/**
 * The spec's route table. Paths match case-insensitively, so /Login and /login,
 * /EditProduct/1 and /editproduct/1 are the same route.
 */
export const ROUTES: RouteObject[] = [
  { index: true, element: <ShopPage /> },
  { path: 'foryou', element: <ForYouPage /> },
  { path: 'Login', element: <LoginPage /> },
  { path: 'search', element: <SearchPage /> },
  { path: 'MyAccount', element: <MyAccountPage /> },
  { path: 'MyAccount/:ownerID', element: <MyAccountPage /> },
  { path: 'auction', element: <AuctionListPage /> },
  { path: 'auction/:auctionId', element: <AuctionPage /> },
  { path: 'EditProfile', element: <EditProfilePage /> },
  { path: 'EditProduct/:productId', element: <EditProductPage /> },
  { path: 'product/:productId', element: <ProductPage /> },
  { path: 'AddProduct', element: <AddProductPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'checkout', element: <CheckoutPage /> },
  { path: 'live', element: <LiveListPage /> },
  { path: 'livestream-host', element: <LiveHostPage /> },
  { path: 'livestream/:id', element: <LiveViewerPage /> },
  // Some of the original app's buttons go here; it is the live list.
  { path: 'live-auction', element: <Navigate to="/live" replace /> },
  { path: 'verify-email', element: <VerifyEmailPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'auth/popup-done', element: <PopupDonePage /> },
  { path: '*', element: <NotFoundPage /> },
];
