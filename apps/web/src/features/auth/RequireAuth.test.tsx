import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Locale } from '@souq/shared';
import { RouteNotice } from '../../app/RouteNotice';
import { sessionKey } from '../../api/keys';
import { renderInLocale } from '../../test-support/i18n';
import LiveHostPage from '../../routes/LiveHostPage';
import { RequireAuth } from './RequireAuth';

/** A signed-out visitor opens `page` at /livestream-host; the login page sits in the app's layout, under its notice. */
function visitSignedOut(page: ReactNode, locale: Locale = 'en') {
  const client = new QueryClient();
  client.setQueryData(sessionKey, { user: null });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteNotice />
            <Outlet />
          </>
        ),
        children: [
          { path: '/livestream-host', element: page },
          { path: '/Login', element: <p>login form</p> },
        ],
      },
    ],
    { initialEntries: ['/livestream-host'] },
  );
  renderInLocale(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { locale },
  );
  return router;
}

describe('a signed-out visitor on a page that needs an account', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("Go Live: the login page says 'Please log in to start a livestream.', without a browser alert box", async () => {
    const alert = vi.spyOn(window, 'alert');
    const router = visitSignedOut(<LiveHostPage />);
    await screen.findByText('login form');
    expect(screen.getByTestId('route-notice').textContent).toBe('Please log in to start a livestream.');
    expect(screen.getByRole('alert')).toBe(screen.getByTestId('route-notice'));
    expect(router.state.location.state).toMatchObject({ from: '/livestream-host' });
    expect(alert).not.toHaveBeenCalled();
  });

  it('says it in Arabic on an Arabic page', async () => {
    visitSignedOut(<LiveHostPage />, 'ar');
    await screen.findByText('login form');
    expect(screen.getByTestId('route-notice').textContent).toBe('يرجى تسجيل الدخول لبدء بث مباشر.');
  });

  it('a page that gives no reason goes to the login page without a notice', async () => {
    visitSignedOut(
      <RequireAuth>
        <p>private</p>
      </RequireAuth>,
    );
    await screen.findByText('login form');
    expect(screen.queryByTestId('route-notice')).toBeNull();
  });

  it('the reason travels as the shared English words, so the notice follows a language switch', async () => {
    const router = visitSignedOut(
      <RequireAuth notice={MSG.streamLoginRequired}>
        <p>private</p>
      </RequireAuth>,
      'ar',
    );
    await screen.findByText('login form');
    expect(router.state.location.state).toEqual({
      from: '/livestream-host',
      notice: MSG.streamLoginRequired,
      tone: 'error',
    });
  });
});
