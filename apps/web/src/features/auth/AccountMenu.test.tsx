import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@souq/shared';
import { sessionKey as SESSION_KEY } from '../../api/keys';
import { renderInLocale } from '../../test-support/i18n';
import { AccountMenu } from './AccountMenu';

function signedOut(locale: Locale) {
  const client = new QueryClient();
  client.setQueryData(SESSION_KEY, { user: null });
  const router = createMemoryRouter([{ path: '/', element: <AccountMenu /> }]);
  renderInLocale(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { locale },
  );
}

describe('the account menu, signed out', () => {
  afterEach(cleanup);

  it('in English: one Login link, its text as it always was', () => {
    signedOut('en');
    expect(screen.getByRole('link', { name: 'Login' }).textContent).toBe('Login');
  });

  it('in Arabic: named in full, with the person icon a phone shows instead of the word', () => {
    signedOut('ar');
    const link = screen.getByRole('link', { name: 'تسجيل الدخول' });
    expect(link.querySelector('.account__login-word')?.textContent).toBe('تسجيل الدخول');
    expect(link.querySelector('.account__login-icon')?.getAttribute('aria-hidden')).toBe('true');
  });
});
