import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type SavedSearch } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { SaveSearchButton } from './SaveSearchButton';
import { SavedSearchList } from './SavedSearchList';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const SEARCH: SavedSearch = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'rolex',
  category: 'Watches',
  maxPrice: 500000,
  auctionsOnly: true,
  createdAt: '2026-11-27T08:00:00.000Z',
};

function renderIn(ui: React.ReactNode, locale: 'en' | 'ar' = 'en') {
  renderInLocale(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
    { locale },
  );
}

describe('saving a search', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks the gate first, then saves the words shown with the ceiling in fils', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ search: SEARCH, created: true }, 201));
    const allowed = vi.fn().mockReturnValueOnce(false).mockReturnValue(true);
    renderIn(<SaveSearchButton shown={{ text: 'rolex', category: null, auctionsOnly: false }} allowed={allowed} />);
    fireEvent.click(screen.getByText('Save this search'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByText('Save this search'));
    fireEvent.change(screen.getByLabelText(/Highest price/), { target: { value: '-3' } });
    fireEvent.click(screen.getByText('Save search'));
    await screen.findByText(MSG.savedSearchPrice);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Highest price/), { target: { value: '5000' } });
    fireEvent.click(screen.getByText('Save search'));
    await screen.findByText('Saved. We will tell you when a new listing matches.');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      text: 'rolex',
      category: null,
      maxPrice: 500000,
      auctionsOnly: false,
    });
  });

  it('offers nothing to save on a page with neither words nor a category', () => {
    renderIn(<SaveSearchButton shown={{ text: '', category: null, auctionsOnly: true }} allowed={() => true} />);
    expect(screen.queryByText('Save this search')).toBeNull();
  });
});

describe('My Account’s saved searches', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists each search in the page’s language and deletes one', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ items: [SEARCH], limit: 50 }))
      .mockResolvedValueOnce(json({ ok: true }))
      .mockResolvedValueOnce(json({ items: [], limit: 50 }));
    renderIn(<SavedSearchList />, 'ar');
    await screen.findByText('“rolex”');
    expect(screen.getByText(/المزادات فقط/)).toBeTruthy();
    fireEvent.click(screen.getByText('حذف'));
    await screen.findByText('لا توجد عمليات بحث محفوظة بعد');
    expect(fetch.mock.calls[1]![0]).toContain(`/api/saved-searches/${SEARCH.id}`);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
  });

  it('says when there are none, with a way to search', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ items: [], limit: 50 }));
    renderIn(<SavedSearchList />);
    await screen.findByText('No saved searches yet');
    expect(screen.getByText('Search Souq').getAttribute('href')).toBe('/search');
  });
});
