import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerRating, SellerStanding } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { SellerRatings } from './SellerRatings';

const SELLER = '0c654725-4848-448a-9607-100261226096';
const rating = (n: number): SellerRating => ({
  id: `r${n}`,
  orderId: `o${n}`,
  sellerId: SELLER,
  buyer: { id: 'b1', username: 'omar', profilePic: '' },
  stars: 5,
  comment: `Comment ${n}`,
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-21T09:00:00.000Z',
});
const STANDING: SellerStanding = {
  sellerId: SELLER,
  average: 5,
  ratings: 21,
  shipments: 0,
  onTime: 0,
  onTimePercent: null,
};

/** The server's two pages: 20 ratings and a cursor, then the last one. */
function serve() {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    asked.push(url.pathname + url.search);
    const body = url.pathname.endsWith('/standing')
      ? STANDING
      : url.searchParams.get('cursor') === 'c1'
        ? { items: [rating(21)], nextCursor: null }
        : { items: Array.from({ length: 20 }, (_, i) => rating(i + 1)), nextCursor: 'c1' };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

function render(locale: 'en' | 'ar' = 'en') {
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <SellerRatings sellerId={SELLER} own={false} />
    </QueryClientProvider>,
    { locale },
  );
}

describe("a seller's ratings tab", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the first 20, then the next page under them when asked, and no button after the last', async () => {
    const asked = serve();
    render();
    await screen.findByText('Comment 20');
    expect(screen.queryByText('Comment 21')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Comment 21');
    expect(screen.getByText('Comment 1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(asked).toContain(`/api/sellers/${SELLER}/ratings?cursor=c1`);
  });

  it('in Arabic', async () => {
    serve();
    render('ar');
    await screen.findByText('Comment 20');
    expect(screen.getByRole('button', { name: 'عرض المزيد' })).toBeTruthy();
  });
});
