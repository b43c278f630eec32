import { cleanup, fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Aftersale, OrderLine, Problem } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { LineAftersale } from './LineAftersale';

const line = (over: Partial<OrderLine> = {}): OrderLine => ({
  id: 'l1',
  sellerId: 's1',
  productId: 'p1',
  title: 'Falcon watch',
  image: '',
  unitPrice: 1_260_00,
  quantity: 1,
  lineTotal: 1_260_00,
  status: 'placed',
  statusAt: null,
  shipBy: '2026-11-20T10:00:00.000Z',
  late: false,
  auctionId: null,
  clip: null,
  ...over,
});
const problem: Problem = {
  id: 'pr1',
  lineId: 'l1',
  orderId: 'o1',
  title: 'Falcon watch',
  buyer: { id: 'b1', username: 'omar', profilePic: '' },
  seller: { id: 's1', username: 'amira', profilePic: '' },
  kind: 'not_as_described',
  text: 'Wrong colour',
  photos: [],
  status: 'answered',
  answerBy: '2026-11-22T10:00:00.000Z',
  unanswered: false,
  answer: { kind: 'refund', text: 'Sorry, refunding.', at: '2026-11-21T10:00:00.000Z' },
  escalation: null,
  decision: null,
  createdAt: '2026-11-21T09:00:00.000Z',
};

function render(l: OrderLine, aftersale: Aftersale = { ratings: [], problems: [] }, locale: 'en' | 'ar' = 'en') {
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LineAftersale orderId="o1" line={l} aftersale={aftersale} onOrderChanged={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
    { locale },
  );
}

describe('under a line of my order', () => {
  afterEach(cleanup);

  it('says a late line is late and asks in our own dialog before cancelling it', () => {
    render(line({ late: true }));
    expect(screen.getByTestId('line-late').textContent).toContain('has not. You may cancel it.');
    fireEvent.click(screen.getByTestId('cancel-late'));
    expect(screen.getByTestId('confirm-dialog')).toBeTruthy();
  });

  it('offers nothing on a line neither late nor delivered', () => {
    render(line());
    expect(screen.queryByTestId('line-late')).toBeNull();
    expect(screen.queryByTestId('rate-seller')).toBeNull();
  });

  it('after delivery offers the rating, and shows the problem with the escalation open to the buyer', () => {
    render(line({ status: 'delivered', statusAt: new Date().toISOString() }), { ratings: [], problems: [problem] });
    expect(screen.getByTestId('rate-seller')).toBeTruthy();
    expect(screen.getByTestId('problem-answer').textContent).toContain('Refund agreed');
    expect(screen.getByTestId('escalate-problem')).toBeTruthy();
    expect(screen.queryByTestId('report-problem')).toBeNull();
  });

  it('tells the buyer the seller let the answer time pass, and offers the escalation', () => {
    const late = { ...problem, status: 'open' as const, answer: null, unanswered: true };
    render(line({ status: 'delivered', statusAt: new Date().toISOString() }), { ratings: [], problems: [late] });
    expect(screen.getByTestId('problem-status').textContent).toBe('Not answered in time');
    expect(screen.getByTestId('problem-unanswered').textContent).toContain('amira did not answer by');
    expect(screen.getByTestId('escalate-problem')).toBeTruthy();
  });

  it('in Arabic', () => {
    render(line({ late: true }), undefined, 'ar');
    expect(screen.getByTestId('cancel-late').textContent).toBe('إلغاء هذا المنتج');
  });
});
