import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLocale } from '../../test-support/i18n';
import { MSG } from '@souq/shared';
import { noteServerTime, resetServerClock } from '../../api/server-clock';
import { MoveToAuctionDialog } from './MoveToAuctionDialog';
import { checkStart, EMPTY_START } from './start-auction-form';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');

function renderDialog(locale: 'en' | 'ar' = 'en') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <MoveToAuctionDialog product={{ id: 'p1', title: 'Omega Speedmaster' }} onClose={() => undefined} />,
      },
      { path: '/auction/:id', element: <p>auction page</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { locale },
  );
  return router;
}

const submit = () => fireEvent.click(screen.getByText('Start auction'));

describe('Move to Auction', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
    resetServerClock();
  });

  it('checks the form with the server’s schema, after AED becomes fils and the Gulf time an ISO date', () => {
    expect(checkStart(EMPTY_START, NOW)).toEqual({ ok: false, fields: { startingBid: MSG.startingBidPositive } });
    expect(checkStart({ ...EMPTY_START, startingBid: '12.345' }, NOW)).toMatchObject({
      ok: false,
      fields: { startingBid: MSG.startingBidPositive },
    });
    expect(checkStart({ ...EMPTY_START, startingBid: '500', reservePrice: '400' }, NOW)).toEqual({
      ok: false,
      fields: { reservePrice: MSG.reserveBelowStart },
    });
    expect(checkStart({ ...EMPTY_START, startingBid: '500', duration: 'custom' }, NOW)).toEqual({
      ok: false,
      fields: { endsAt: MSG.chooseEndDate },
    });
    // 14:00:30 in Dubai is 10:00:30Z: thirty seconds away, too soon; 14:05 is fine; 40 days is too far.
    expect(
      checkStart({ ...EMPTY_START, startingBid: '500', duration: 'custom', endsAt: '2026-11-21T14:00' }, NOW),
    ).toEqual({ ok: false, fields: { endsAt: MSG.chooseEndDate } });
    expect(
      checkStart({ ...EMPTY_START, startingBid: '500', duration: 'custom', endsAt: '2026-12-31T14:00' }, NOW),
    ).toEqual({ ok: false, fields: { endsAt: MSG.endDateTooFar } });
    expect(
      checkStart(
        {
          ...EMPTY_START,
          startingBid: '1,250.50',
          duration: 'custom',
          endsAt: '2026-11-21T14:05',
          reservePrice: '2000',
          closingStyle: 'sudden',
        },
        NOW,
      ),
    ).toEqual({
      ok: true,
      data: {
        startingBid: 125_050,
        duration: 'custom',
        endsAt: '2026-11-21T14:05:00+04:00',
        reservePrice: 200_000,
        closingStyle: 'sudden',
      },
    });
    expect(checkStart({ ...EMPTY_START, startingBid: '99' }, NOW)).toEqual({
      ok: true,
      data: { startingBid: 9900, duration: '1d', closingStyle: 'soft' },
    });
  });

  it('shows the message under the field, focuses it, and sends nothing', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderDialog();
    submit();
    expect(screen.getByText(MSG.startingBidPositive)).toBeTruthy();
    expect(screen.getByText(MSG.correctErrors)).toBeTruthy();
    return waitFor(() => {
      expect(document.activeElement).toBe(screen.getByLabelText('Starting bid'));
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  it('puts the server’s message under its field, and goes to the new auction when it starts', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    noteServerTime(new Date(NOW).toISOString(), NOW, NOW);
    const endsAt = 'Choose an end date and time at least a minute away.';
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: endsAt, fields: { endsAt } } }), {
          status: 400,
        }),
      )
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 'a1' }), { status: 201 }));
    const router = renderDialog();
    fireEvent.change(screen.getByLabelText('Starting bid'), { target: { value: '1,000' } });
    fireEvent.click(screen.getByLabelText('Pick a date'));
    fireEvent.change(screen.getByLabelText('Ends at (Gulf time)'), { target: { value: '2026-11-21T14:10' } });
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Ends at (Gulf time)')));
    expect(screen.getAllByText(endsAt).length).toBeGreaterThan(0);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      startingBid: 100_000,
      duration: 'custom',
      endsAt: '2026-11-21T14:10:00+04:00',
      closingStyle: 'soft',
    });

    fireEvent.click(screen.getByLabelText('15 minutes'));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auction/a1'));
  });

  it('speaks Arabic: durations as Arabic plurals, the closing styles by their names', () => {
    renderDialog('ar');
    expect(screen.getByText('نقل إلى المزاد')).toBeTruthy();
    for (const label of ['5 دقائق', '15 دقيقة', 'ساعة واحدة', '6 ساعات', 'يوم واحد', '3 أيام', '7 أيام', 'اختر تاريخًا'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByText('إغلاق مرن')).toBeTruthy();
    expect(screen.getByText('إغلاق فوري')).toBeTruthy();
    expect(screen.getByText(/أي مزايدة في آخر دقيقتين تمدّد موعد الانتهاء إلى دقيقتين بعدها/)).toBeTruthy();
  });
});
