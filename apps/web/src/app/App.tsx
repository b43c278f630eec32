import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { VerificationPromptProvider } from '../features/auth/gates';
import { prefetchShop } from '../features/catalog/shop-query';
import { prefetchProductPage } from '../features/product/api';
import { Layout } from './Layout';
import { ROUTES } from './routes';

const TREE = [{ path: '/', element: <Layout />, children: ROUTES }];

function Pages() {
  return useRoutes(TREE);
}

/**
 * A declarative router: we use no loaders, actions or fetchers, and leaving the data router out
 * keeps about 10 kB of compressed JavaScript off the first visit (issue 11).
 */
export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchShop(client, window.location);
    prefetchProductPage(client, window.location);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {/* Without transitions: a link shows its page (or the page's loading state) at once, instead of
          holding the old page on screen with no sign that anything happened. */}
      <BrowserRouter useTransitions={false}>
        <VerificationPromptProvider>
          <Pages />
        </VerificationPromptProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
