import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lot, StreamDetail } from '@souq/shared';
import { renderInLocale } from '../../../test-support/i18n';
import { lotOf } from '../../../test-support/lots';

const call = vi.fn();
vi.mock('../../../api/client', () => ({ call: (...args: unknown[]) => call(...args) }));
const { LotControls, nextLot } = await import('./LotControls');

const user = (id: string, username: string) => ({ id, username, profilePic: '' });

const lot = (over: Partial<Lot> & Pick<Lot, 'id' | 'position' | 'status'>): Lot => lotOf(over.id, { seq: 1, ...over });

function renderControls(lots: Lot[], { status = 'live' as StreamDetail['status'], locale = 'en' as 'en' | 'ar' } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={client}>
      <LotControls stream={{ id: 's1', status, lots }} products={[]} />
    </QueryClientProvider>,
    { locale },
  );
}

const rows = () => screen.getAllByTestId('lot-row');
const in30s = () => new Date(Date.now() + 30_000).toISOString();

describe('the lot controls', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    call.mockReset();
  });

  it('starts the next waiting lot with one tap', async () => {
    const lots = [
      lot({ id: 'a', position: 0, status: 'sold', currentBid: 260_00, winner: user('u1', 'amira') }),
      lot({ id: 'b', position: 1, status: 'waiting' }),
      lot({ id: 'c', position: 2, status: 'waiting' }),
    ];
    call.mockResolvedValueOnce({ ...lots[1]!, status: 'running', endsAt: in30s() });
    renderControls(lots);
    const next = screen.getByTestId('start-next-lot') as HTMLButtonElement;
    expect(next.textContent).toBe('Start lot: Lot b');
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    await waitFor(() => expect(call).toHaveBeenCalledOnce());
    expect(call.mock.calls[0]![1]).toEqual({ params: { id: 's1', lotId: 'b' } });
  });

  it('disables every start while a lot runs, and shows its countdown and highest bid', () => {
    renderControls([
      lot({
        id: 'a',
        position: 0,
        status: 'running',
        endsAt: in30s(),
        currentBid: 150_00,
        leader: user('u2', 'omar'),
      }),
      lot({ id: 'b', position: 1, status: 'waiting' }),
      lot({ id: 'c', position: 2, status: 'passed' }),
    ]);
    expect((screen.getByTestId('start-next-lot') as HTMLButtonElement).disabled).toBe(true);
    for (const button of screen.getAllByTestId('start-lot')) expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('A lot is running. The next one can start when it closes.')).toBeTruthy();
    const running = within(rows()[0]!);
    expect(running.getByText('Running')).toBeTruthy();
    expect(running.getByTestId('lot-running').textContent).toMatch(/^(30|29) s left Highest bid AED 150\.00 by omar$/);
    // A running lot cannot be edited, moved or dropped.
    expect(running.queryByRole('button')).toBeNull();
    expect(within(rows()[2]!).getByText('Passed')).toBeTruthy();
  });

  it('shows who a sold lot went to and for how much; a passed lot can run again', () => {
    renderControls([
      lot({ id: 'a', position: 0, status: 'sold', currentBid: 1_260_00, winner: user('u1', 'amira') }),
      lot({ id: 'b', position: 1, status: 'passed' }),
    ]);
    expect(screen.getByTestId('lot-sold').textContent).toBe('Sold to amira for AED 1,260.00');
    const next = screen.getByTestId('start-next-lot') as HTMLButtonElement;
    expect(next.textContent).toBe('Run again: Lot b');
    expect(next.disabled).toBe(false);
  });

  it('says it in Arabic', () => {
    renderControls([lot({ id: 'a', position: 0, status: 'sold', currentBid: 1_260_00, winner: user('u1', 'amira') })], {
      locale: 'ar',
    });
    expect(screen.getByTestId('lot-sold').textContent).toBe('بِيعت إلى amira مقابل 1,260.00 د.إ');
    expect(screen.getByText('تم البيع')).toBeTruthy();
  });

  it('waits for the show to go live before any lot starts', () => {
    renderControls([lot({ id: 'a', position: 0, status: 'waiting' })], { status: 'scheduled' });
    expect((screen.getByTestId('start-next-lot') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Lots start once you go live.')).toBeTruthy();
  });

  it('sends the new order of the lots not yet sold when one moves', async () => {
    const lots = [
      lot({ id: 'a', position: 0, status: 'sold', currentBid: 100_00, winner: user('u1', 'amira') }),
      lot({ id: 'b', position: 1, status: 'waiting' }),
      lot({ id: 'c', position: 2, status: 'passed' }),
    ];
    call.mockResolvedValueOnce({ lots });
    renderControls(lots);
    expect((screen.getByRole('button', { name: 'Move Lot b up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Lot c up' }));
    await waitFor(() => expect(call).toHaveBeenCalledOnce());
    expect(call.mock.calls[0]![1]).toEqual({ params: { id: 's1' }, body: { lotIds: ['c', 'b'] } });
  });

  it('picks the next lot: the first waiting, else the first passed, else none', () => {
    expect(
      nextLot([lot({ id: 'a', position: 0, status: 'passed' }), lot({ id: 'b', position: 1, status: 'waiting' })])?.id,
    ).toBe('b');
    expect(
      nextLot([lot({ id: 'a', position: 0, status: 'sold' }), lot({ id: 'b', position: 1, status: 'passed' })])?.id,
    ).toBe('b');
    expect(nextLot([lot({ id: 'a', position: 0, status: 'sold' })])).toBeNull();
  });
});
