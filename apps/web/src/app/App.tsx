import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { VerificationPromptProvider } from '../features/auth/gates';
import { prefetchShop } from '../features/catalog/shop-query';
import { Layout } from './Layout';
import { ROUTES } from './routes';

function Root() {
  return (
    <VerificationPromptProvider>
      <Outlet />
    </VerificationPromptProvider>
  );
}

const router = createBrowserRouter([{ element: <Root />, children: [{ path: '/', element: <Layout />, children: ROUTES }] }]);

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchShop(client, window.location);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
