import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedItem, Locale } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { FeedCard, type FeedGates } from './FeedCard';

const image = { url: '/a.jpg', thumb: '/a-thumb.jpg' };
const seller = { id: 'u1', username: 'aisha', profilePic: '' };
const auction = {
  kind: 'auction',
  id: 'a1',
  auction: {
    id: 'a1',
    title: 'Rolex Submariner',
    category: 'Watches',
    image,
    currentBid: 1_000_00,
    startingBid: 500_00,
    bidCount: 3,
    endsAt: '2099-01-01T00:00:00.000Z',
    status: 'open',
    seller,
  },
  images: [image],
  minimumBid: 1_050_00,
  followingSeller: false,
} as unknown as FeedItem;
const gates: FeedGates = { viewer: 'anonymous', requireVerified: () => true, addToCart: vi.fn() };

function renderCard(item: FeedItem, locale: Locale) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <FeedCard item={item} position={2} total={9} current near gates={gates} onNotInterested={vi.fn()} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { locale },
  );
}

describe('a For You card', () => {
  afterEach(cleanup);

  it('says an auction in the exact English words', () => {
    renderCard(auction, 'en');
    expect(screen.getByText('Current bid')).toBeTruthy();
    expect(screen.getByText('3 bids')).toBeTruthy();
    expect(screen.getByText('Item 2 of 9')).toBeTruthy();
    expect(screen.getByTestId('feed-bid').textContent).toBe('Bid AED 1,050.00');
    expect(screen.getByRole('button', { name: 'Follow aisha' }).textContent).toBe('Follow');
  });

  it('speaks Arabic: the bid count as an Arabic plural, the price in dirhams after the amount', () => {
    renderCard(auction, 'ar');
    expect(screen.getByText('المزايدة الحالية')).toBeTruthy();
    expect(screen.getByText('3 مزايدات')).toBeTruthy();
    expect(screen.getByText('العنصر 2 من 9')).toBeTruthy();
    expect(screen.getByTestId('feed-bid').textContent).toBe('زايِد بمبلغ 1,050.00 د.إ');
    expect(screen.getByRole('button', { name: 'متابعة aisha' }).textContent).toBe('متابعة');
  });
});
