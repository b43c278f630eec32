import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG, type SessionUser } from '@souq/shared';
import { sessionKey as SESSION_KEY } from '../api/keys';
import { AccountMenu } from '../features/auth/AccountMenu';
import { SuspensionBanner } from '../features/auth/SuspensionBanner';
import { renderInLocale } from '../test-support/i18n';
import { AdminLayout } from './AdminLayout';

const person = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  email: 'a@example.com',
  username: 'amira',
  displayName: null,
  emailVerified: true,
  profilePic: '/images/default-avatar.svg',
  hasPassword: true,
  staff: false,
  suspension: null,
  locale: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

function renderAs(user: SessionUser) {
  const client = new QueryClient();
  client.setQueryData(SESSION_KEY, { user });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <SuspensionBanner />
          <AccountMenu />
          <AdminLayout title="Open reports">
            <p>the queue</p>
          </AdminLayout>
        </>
      ),
    },
  ]);
  renderInLocale(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the staff pages’ frame', () => {
  afterEach(cleanup);

  it('refuses someone who is not staff with the reason, and offers them no Admin link', () => {
    renderAs(person());
    expect(screen.getByText(MSG.staffOnly)).toBeTruthy();
    expect(screen.queryByText('the queue')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
  });

  it('gives staff the nav to every staff page, the page itself, and the Admin link', () => {
    renderAs(person({ staff: true }));
    expect(screen.getByText('the queue')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff pages' });
    expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/disputes',
      '/admin/strikes',
      '/admin/cod',
      '/admin/data-rights',
      '/admin/audit',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('tells a suspended person why and until when', () => {
    renderAs(person({ suspension: { until: '2026-12-01T08:00:00.000Z', reason: 'Selling fakes' } }));
    const banner = screen.getByTestId('suspension-banner');
    expect(banner.textContent).toContain('Selling fakes');
    expect(banner.textContent).toContain('12:00');
  });
});
