import type { I18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { GatesProvider } from '../features/auth/gates';
import { AccountLanguage } from './AccountLanguage';
import { Layout } from './Layout';
import { ROUTES } from './routes';

const TREE = [{ path: '/', element: <Layout />, children: ROUTES }];

function Pages() {
  return useRoutes(TREE);
}

/** The app inside whichever router renders it: the browser's, or the server's for a first screen (entry-server.tsx). */
export function AppContent({ queryClient, i18n }: { queryClient: QueryClient; i18n: I18n }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountLanguage i18n={i18n}>
        <GatesProvider>
          <Pages />
        </GatesProvider>
      </AccountLanguage>
    </QueryClientProvider>
  );
}

/**
 * A declarative router: we use no loaders, actions or fetchers, and leaving the data router out
 * keeps about 10 kB of compressed JavaScript off the first visit (issue 11).
 */
export function App({ queryClient, i18n }: { queryClient: QueryClient; i18n: I18n }) {
  return (
    // Without transitions: a link shows its page (or the page's loading state) at once, instead of
    // holding the old page on screen with no sign that anything happened.
    <BrowserRouter useTransitions={false}>
      <AppContent queryClient={queryClient} i18n={i18n} />
    </BrowserRouter>
  );
}
