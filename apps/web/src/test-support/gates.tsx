import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { ApiError } from '../api/client';
import { GateErrorContext } from '../components/gate-errors';
import { renderInLocale } from './i18n';

/**
 * A form as a page holds it: a fresh query client (no retries), and the gates a page provides,
 * answering an unverified email (the verify prompt) and nothing else. Returns the gates, to see
 * what they answered.
 */
export function renderWithGates(ui: ReactNode) {
  const gates = vi.fn((error: unknown) => error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderInLocale(
    <QueryClientProvider client={client}>
      <GateErrorContext.Provider value={gates}>{ui}</GateErrorContext.Provider>
    </QueryClientProvider>,
  );
  return gates;
}
