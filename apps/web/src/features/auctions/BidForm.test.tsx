import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLocale } from '../../test-support/i18n';
import { MAX_FILS, MSG, type AuctionDetail, type BidResult } from '@souq/shared';
import { BidForm } from './BidForm';

const auction = { id: 'a1', minimumBid: 1_050_00, currentBid: 1_000_00 } as AuctionDetail;
const result: BidResult = {
  auction: {
    id: 'a1',
    seq: 2,
    currentBid: 1_050_00,
    bidCount: 2,
    minimumBid: 1_100_00,
    endsAt: '2026-11-21T10:15:00.000Z',
    status: 'open',
    leader: null,
    reserveMet: true,
  },
  leading: true,
  myMaxBid: 1_050_00,
  message: 'Your bid is in. You are the highest bidder.',
};

function renderForm(onResult = vi.fn(), onEnded = vi.fn(), shown: AuctionDetail = auction, locale: 'en' | 'ar' = 'en') {
  const router = createMemoryRouter(
    [
      {
        path: '/auction/a1',
        element: <BidForm auction={shown} allowed={() => true} onResult={onResult} onEnded={onEnded} />,
      },
    ],
    {
      initialEntries: ['/auction/a1'],
    },
  );
  renderInLocale(<RouterProvider router={router} />, { locale });
  return { onResult, onEnded };
}

const keyOf = (call: unknown[]) => new Headers((call[1] as RequestInit).headers).get('idempotency-key');
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('the bid form', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is filled with the minimum, refuses less in the exact words people see, and offers three quick bids', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderForm();
    expect((screen.getByLabelText('Your bid') as HTMLInputElement).value).toBe('1050');
    expect(screen.getAllByRole('button', { name: /^AED / }).map((b) => b.textContent)).toEqual([
      'AED 1,050.00',
      'AED 1,100.00',
      'AED 1,200.00',
    ]);
    fireEvent.change(screen.getByLabelText('Your bid'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(screen.getByText('Bid amount must be higher than current bid. Bid at least AED 1,050.00.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('at the price cap says no higher bid is possible instead of asking for one', () => {
    renderForm(vi.fn(), vi.fn(), { id: 'a1', minimumBid: MAX_FILS, currentBid: MAX_FILS } as AuctionDetail);
    expect(screen.getByTestId('bid-cap-reached').textContent).toBe(MSG.bidCapReached);
    expect(screen.queryByTestId('place-bid')).toBeNull();
  });

  it('one step below the cap offers the cap itself as the only quick bid', () => {
    renderForm(vi.fn(), vi.fn(), { id: 'a1', minimumBid: MAX_FILS, currentBid: MAX_FILS - 1 } as AuctionDetail);
    expect(screen.getAllByRole('button', { name: /^AED / }).map((b) => b.textContent)).toEqual(['AED 10,000,000.00']);
  });

  it('sends the same Idempotency-Key when the same bid is retried after a network error, and a new one for the next bid', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(201, result))
      .mockResolvedValueOnce(json(201, result));
    const { onResult } = renderForm();

    fireEvent.click(screen.getByTestId('place-bid'));
    await screen.findByText('Failed to place bid. Please try again later.');
    fireEvent.click(screen.getByTestId('place-bid'));
    await screen.findByText('Your bid is in. You are the highest bidder.');
    expect(onResult).toHaveBeenCalledWith(result);
    expect(keyOf(fetch.mock.calls[0]!)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(fetch.mock.calls[1]!)).toBe(keyOf(fetch.mock.calls[0]!));

    fireEvent.click(screen.getByTestId('place-bid'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(keyOf(fetch.mock.calls[2]!)).not.toBe(keyOf(fetch.mock.calls[0]!));
  });

  it('shows the server’s words: too low under the amount, own auction, ended, logged out', async () => {
    const tooLow = 'Bid amount must be higher than current bid. Bid at least AED 1,100.00.';
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        json(400, { error: { code: 'VALIDATION_FAILED', message: tooLow, fields: { amount: tooLow } } }),
      )
      .mockResolvedValueOnce(
        json(403, { error: { code: 'FORBIDDEN', message: 'You cannot bid on your own auction.' } }),
      )
      .mockResolvedValueOnce(
        json(409, { error: { code: 'CONFLICT', message: 'This auction has ended. Bids are no longer accepted.' } }),
      )
      .mockResolvedValueOnce(
        json(401, { error: { code: 'UNAUTHENTICATED', message: 'You must be logged in to place a bid.' } }),
      );
    const { onEnded } = renderForm();
    const place = () => fireEvent.click(screen.getByTestId('place-bid'));

    place();
    await screen.findByText(tooLow);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your bid')));
    place();
    await screen.findByText('You cannot bid on your own auction.');
    place();
    await screen.findByText('This auction has ended. Bids are no longer accepted.');
    expect(onEnded).toHaveBeenCalledOnce();
    place();
    await screen.findByText('You must be logged in to place a bid.');
    expect(screen.getByRole('link', { name: 'Log in to bid' }).getAttribute('href')).toBe('/login');
  });

  it('speaks Arabic: the quick bids and the button in dirhams after the amount, the too-low message with the minimum', () => {
    renderForm(vi.fn(), vi.fn(), auction, 'ar');
    const quick = within(screen.getByRole('group', { name: 'مزايدات سريعة' }));
    expect(quick.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '1,050.00 د.إ',
      '1,100.00 د.إ',
      '1,200.00 د.إ',
    ]);
    expect(screen.getByTestId('place-bid').textContent).toBe('قدّم مزايدة · 1,050.00 د.إ');
    fireEvent.change(screen.getByLabelText('مزايدتك'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(
      screen.getByText('يجب أن تكون المزايدة أعلى من المزايدة الحالية. زايِد بمبلغ 1,050.00 د.إ على الأقل.'),
    ).toBeTruthy();
  });
});
