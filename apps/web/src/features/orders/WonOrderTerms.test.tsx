import { cleanup, fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { WonOrderTerms } from './WonOrderTerms';

const won = (over: Partial<Order> = {}): Order => ({
  id: 'o1',
  status: 'awaiting_address',
  paymentMethod: 'cash_on_delivery',
  address: {
    emirate: '',
    area: '',
    street: '',
    building: '',
    flat: '',
    landmark: '',
    phone: '',
    location: null,
    makani: null,
  },
  createdAt: '2026-11-27T08:00:00.000Z',
  auctionId: 'a1',
  completeBy: '2026-11-29T08:00:00.000Z',
  cancelReason: null,
  cancelAsked: false,
  documents: [],
  lines: [],
  subtotal: 100_00,
  vat: 5_00,
  total: 105_00,
  ...over,
});

function render(order: Order, locale: 'en' | 'ar' = 'en') {
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <WonOrderTerms order={order} />
    </QueryClientProvider>,
    { locale },
  );
}

describe('a won order’s terms (issue 31)', () => {
  afterEach(cleanup);

  it('shows the deadline in Gulf time and asks before sending the request to cancel', async () => {
    render(won());
    expect(screen.getByTestId('complete-by').textContent).toContain('29');
    fireEvent.click(screen.getByTestId('ask-cancel'));
    // Our own dialog, not the browser's confirm(): nothing is sent until the person answers.
    expect(await screen.findByText('Ask the seller to cancel?')).toBeTruthy();
  });

  it('says when the request was sent, and why a cancelled order was cancelled, in English and Arabic', () => {
    render(won({ cancelAsked: true }));
    expect(screen.queryByTestId('ask-cancel')).toBeNull();
    expect(screen.getByTestId('cancel-asked')).toBeTruthy();
    cleanup();
    render(won({ status: 'cancelled', cancelReason: 'unpaid' }));
    expect(screen.getByTestId('order-cancel-reason').textContent).toBe(
      'Cancelled: the order was not completed in time.',
    );
    cleanup();
    render(won({ status: 'cancelled', cancelReason: 'buyer_asked' }), 'ar');
    expect(screen.getByTestId('order-cancel-reason').textContent).toBe('ملغى بناءً على طلبك، دون أي مخالفة.');
  });

  it('shows nothing for a cart order', () => {
    render(won({ status: 'placed', completeBy: null, auctionId: null }));
    expect(screen.queryByTestId('complete-by')).toBeNull();
  });
});
