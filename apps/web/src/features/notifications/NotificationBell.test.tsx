import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale, NotificationList } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';

vi.mock('../../api/socket', () => ({ subscribeNotifications: () => () => undefined }));
const { NotificationBell } = await import('./NotificationBell');
const { notificationKeys } = await import('./api');

function renderBell(unread: number, locale: Locale) {
  const client = new QueryClient();
  client.setQueryData<NotificationList>(notificationKeys.all, { items: [], unread });
  const router = createMemoryRouter([{ path: '/', element: <NotificationBell /> }], { initialEntries: ['/'] });
  renderInLocale(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { locale },
  );
}

describe('the bell', () => {
  afterEach(cleanup);

  it('names the unread count in the exact English words', () => {
    renderBell(3, 'en');
    expect(screen.getByTestId('bell').getAttribute('aria-label')).toBe('Notifications, 3 unread');
    cleanup();
    renderBell(0, 'en');
    expect(screen.getByTestId('bell').getAttribute('aria-label')).toBe('Notifications');
  });

  it('speaks Arabic: the unread count as an Arabic plural', () => {
    renderBell(1, 'ar');
    expect(screen.getByTestId('bell').getAttribute('aria-label')).toBe('الإشعارات، إشعار واحد غير مقروء');
    cleanup();
    renderBell(3, 'ar');
    expect(screen.getByTestId('bell').getAttribute('aria-label')).toBe('الإشعارات، 3 إشعارات غير مقروءة');
    cleanup();
    renderBell(11, 'ar');
    expect(screen.getByTestId('bell').getAttribute('aria-label')).toBe('الإشعارات، 11 إشعارًا غير مقروء');
  });
});
