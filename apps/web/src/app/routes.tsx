import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { matchRoutes, Navigate } from 'react-router';
import ShopPage from '../routes/ShopPage';
import { loadRestOfCatalog } from '../i18n';

type PageModule = { default: ComponentType };

/** Every page but the shop, each its own chunk, keyed by its path from here (`../routes/ProductPage.tsx`). */
const PAGES = import.meta.glob<PageModule>(['../routes/*Page.tsx', '!../routes/ShopPage.tsx']);

interface PageHandle {
  load: () => Promise<PageModule>;
  /** The page's source file as the build manifest keys it, for the server to preload its chunk (ADR 0025). */
  module: string;
}

/**
 * Each page is its own chunk, fetched on first visit (the layout's Suspense shows a spinner),
 * except the shop: most visits start there, and its code arriving with the entry saves a phone
 * a round trip of chunks after the app has started (issue 11).
 */
function page(name: string): Pick<RouteObject, 'element' | 'handle'> {
  const code = PAGES[`../routes/${name}.tsx`];
  if (!code) throw new Error(`no page file src/routes/${name}.tsx`);
  // Every page but the shop needs the rest of the catalog (catalogs/index.ts): it comes with the code.
  const load = () => Promise.all([code(), loadRestOfCatalog()]).then(([module]) => module);
  const Page = lazy(load);
  const handle: PageHandle = { load, module: `src/routes/${name}.tsx` };
  return { element: <Page />, handle };
}

/**
 * Every page's path (emails and shared links name them too). Paths match case-insensitively, so /Login and /login,
 * /EditProduct/1 and /editproduct/1 are the same route.
 */
export const ROUTES: RouteObject[] = [
  { index: true, element: <ShopPage /> },
  { path: 'foryou', ...page('ForYouPage') },
  { path: 'Login', ...page('LoginPage') },
  { path: 'search', ...page('SearchPage') },
  { path: 'MyAccount', ...page('MyAccountPage') },
  { path: 'MyAccount/:ownerID', ...page('MyAccountPage') },
  { path: 'auction', ...page('AuctionListPage') },
  { path: 'auction/:auctionId', ...page('AuctionPage') },
  { path: 'EditProfile', ...page('EditProfilePage') },
  { path: 'EditProduct/:productId', ...page('EditProductPage') },
  { path: 'product/:productId', ...page('ProductPage') },
  { path: 'AddProduct', ...page('AddProductPage') },
  { path: 'settings', ...page('SettingsPage') },
  // Issue 32: the signed-in seller's own figures; the only page with charts (uPlot).
  { path: 'dashboard', ...page('DashboardPage') },
  { path: 'cart', ...page('CartPage') },
  { path: 'checkout', ...page('CheckoutPage') },
  // Offers (ADR 0053): offers I made and offers on my products.
  { path: 'offers', ...page('OffersPage') },
  { path: 'live', ...page('LiveListPage') },
  { path: 'livestream-host', ...page('LiveHostPage') },
  { path: 'livestream/:id', ...page('LiveViewerPage') },
  { path: 'livestream/:id/replay', ...page('ReplayPage') },
  // Some of the original app's buttons go here; it is the live list.
  { path: 'live-auction', element: <Navigate to="/live" replace /> },
  { path: 'verify-email', ...page('VerifyEmailPage') },
  { path: 'forgot-password', ...page('ForgotPasswordPage') },
  { path: 'reset-password', ...page('ResetPasswordPage') },
  { path: 'auth/popup-done', ...page('PopupDonePage') },
  { path: 'admin/disputes', ...page('AdminDisputesPage') },
  { path: 'admin', ...page('AdminPage') },
  { path: 'admin/audit', ...page('AdminAuditPage') },
  { path: 'admin/data-rights', ...page('AdminDataRightsPage') },
  // Staff (issue 31): people with unpaid-item strikes.
  { path: 'admin/strikes', ...page('AdminStrikesPage') },
  // Staff (issue 46): disputed refusals at the door, and buyers whose cash on delivery is blocked.
  { path: 'admin/cod', ...page('AdminCodPage') },
  { path: '*', ...page('NotFoundPage') },
];

const pagesAt = (pathname: string): PageHandle[] =>
  (matchRoutes(ROUTES, pathname) ?? []).flatMap((match) =>
    match.route.handle ? [match.route.handle as PageHandle] : [],
  );

/**
 * The code of the page at `pathname`, fetched ahead: a server-rendered page is hydrated only once
 * its code is here, so a tap on it is never lost to a part the app cannot handle yet (ADR 0025).
 */
export function loadPageCode(pathname: string): Promise<unknown> {
  return Promise.all(pagesAt(pathname).map((handle) => handle.load()));
}

/** The source files of the page at `pathname`, whose chunks a server-rendered page names for preloading. */
export function pageModules(pathname: string): string[] {
  return pagesAt(pathname).map((handle) => handle.module);
}
