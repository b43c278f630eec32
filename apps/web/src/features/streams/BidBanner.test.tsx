import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lot, StreamLive } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { BidBanner } from './BidBanner';
import { lotOf } from '../../test-support/lots';

const lot = (status: Lot['status']): Lot =>
  lotOf('lot-1', {
    status,
    product: { id: 'p1', title: 'Tudor Black Bay', image: { url: '/a.webp', thumb: '/a-thumb.webp' } },
    startingBid: 30_000,
    seconds: 10,
    minimumBid: 30_000,
  });

const stream = (over: Partial<StreamLive>) =>
  ({ highestBid: null, minimumBid: 30_000, status: 'live', winner: null, lot: null, ...over }) as StreamLive;

describe('the bid banner in a show', () => {
  afterEach(cleanup);

  it('says where bidding starts while a lot runs', () => {
    renderInLocale(<BidBanner stream={stream({ lot: lot('running') })} />);
    expect(screen.getByTestId('bid-banner').textContent).toBe(
      'No bids yet. Bidding starts at AED 300.00: type the amount in the chat.',
    );
  });

  it('does not invite bids before the host starts a lot', () => {
    renderInLocale(<BidBanner stream={stream({ lot: lot('waiting') })} />);
    expect(screen.getByTestId('bid-banner').textContent).toBe('Bidding opens when the host starts the next lot.');
  });

  it('says a lot passed, in English and Arabic', () => {
    const { unmount } = renderInLocale(<BidBanner stream={stream({ lot: lot('passed') })} />);
    expect(screen.getByTestId('bid-banner').textContent).toBe('Passed: nobody bid on Tudor Black Bay.');
    unmount();
    renderInLocale(<BidBanner stream={stream({ lot: lot('passed') })} />, { locale: 'ar' });
    expect(screen.getByTestId('bid-banner').textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(
      'لم تُبع Tudor Black Bay: لم يزايد أحد.',
    );
  });
});
