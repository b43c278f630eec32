import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale, SessionUser } from '@souq/shared';
import { sessionKey as SESSION_KEY } from '../api/keys';
import { createI18n, type Catalog } from '../i18n';
import en from '../i18n/catalogs/en';
import ar from '../i18n/catalogs/ar';
import { AccountLanguage } from './AccountLanguage';

const user = (locale: Locale | null): SessionUser => ({
  id: 'u1',
  email: 'a@b.co',
  username: 'amira',
  displayName: null,
  emailVerified: true,
  profilePic: '/images/default-avatar.svg',
  hasPassword: true,
  staff: false,
  suspension: null,
  locale,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function page(locale: Locale, account: SessionUser | null) {
  const client = new QueryClient();
  client.setQueryData(SESSION_KEY, { user: account });
  const catalog = (locale === 'ar' ? ar : en) as unknown as Catalog;
  render(
    <QueryClientProvider client={client}>
      <AccountLanguage i18n={createI18n(locale, catalog)}>
        <p>page</p>
      </AccountLanguage>
    </QueryClientProvider>,
  );
  return client;
}

describe("the account's language", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("an account without one takes an Arabic page's, for its notifications and mail", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const client = page('ar', user(null));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/me/locale', expect.objectContaining({ method: 'PUT' })),
    );
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ locale: 'ar' });
    expect(client.getQueryData<{ user: SessionUser }>(SESSION_KEY)?.user.locale).toBe('ar');
  });

  it('an English page, or an account that has a language, stores nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    page('en', user(null));
    cleanup();
    page('ar', user('ar'));
    cleanup();
    page('ar', null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });
});
