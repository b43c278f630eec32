import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lot, PinCard, StreamCard as Card } from '@souq/shared';
import { renderInLocale } from '../../../test-support/i18n';
import { lotOf } from '../../../test-support/lots';

const requestSocket = vi.fn();
vi.mock('../../../api/socket', () => ({ requestSocket: (...args: unknown[]) => requestSocket(...args) }));
const call = vi.fn();
vi.mock('../../../api/client', async (original) => ({
  ...(await original<typeof import('../../../api/client')>()),
  call: (...args: unknown[]) => call(...args),
}));
const serverNow = vi.fn(() => Date.parse('2026-11-22T10:00:00.000Z'));
vi.mock('../../../api/server-clock', () => ({ serverNow: () => serverNow() }));

const { LotCard } = await import('./LotCard');
const { ComingUp } = await import('./ComingUp');
const { PinsPanel } = await import('./PinsPanel');
const { PrebidForm, prebidInput } = await import('./PrebidForm');
const { ApiError } = await import('../../../api/client');
const { GateErrorContext } = await import('../../../components/gate-errors');
const { StreamCard } = await import('../StreamCard');
const { lotQuickBids } = await import('./quick-bids');

const user = (id: string) => ({ id, username: id, profilePic: '' });
const lot = (over: Partial<Lot> = {}): Lot =>
  lotOf('l1', {
    status: 'running',
    product: { id: 'p1', title: 'Falcon watch', image: { url: '/w.jpg', thumb: '/w.jpg' } },
    seq: 3,
    currentBid: 120_00,
    bidCount: 2,
    minimumBid: 125_00,
    leader: user('omar'),
    endsAt: '2026-11-22T10:00:25.000Z',
    ...over,
  });
const pin = (over: Partial<PinCard> = {}): PinCard => ({
  id: 'pin1',
  product: { id: 'p9', title: 'Oud perfume', image: { url: '/o.jpg', thumb: '/o.jpg' } },
  price: 99_00,
  stock: 3,
  flash: null,
  sold: 1,
  ...over,
});

function render(ui: React.ReactNode, locale: 'en' | 'ar' = 'en') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
    { locale },
  );
}

afterEach(() => {
  cleanup();
  requestSocket.mockReset();
  call.mockReset();
});

describe('the lot on screen', () => {
  const me = { id: 'aisha', verified: true };
  const card = (over: Partial<Lot> = {}, props: Partial<React.ComponentProps<typeof LotCard>> = {}) => {
    const onSent = vi.fn();
    const onNeedVerify = vi.fn();
    render(
      <LotCard
        streamId="s1"
        lot={lot(over)}
        me={me}
        isHost={false}
        canBid
        onNeedVerify={onNeedVerify}
        onSent={onSent}
        banner={<p>the banner</p>}
        {...props}
      />,
    );
    return { onSent, onNeedVerify };
  };

  it('shows the lot, the bid banner and its countdown on the server’s clock', () => {
    card();
    expect(screen.getByTestId('lot-title').textContent).toBe('Falcon watch');
    screen.getByText(/Starting bid/);
    screen.getByText('the banner');
    expect(screen.getByTestId('lot-countdown').textContent).toBe('00:25');
  });

  it('quick bids are the next minimum and one and two steps up, each sent as a chat bid line', async () => {
    expect(lotQuickBids(125_00)).toEqual([125_00, 130_00, 135_00]);
    expect(lotQuickBids(245_00)).toEqual([245_00, 250_00, 260_00]);
    const { onSent } = card();
    const buttons = screen.getAllByTestId('quick-bid');
    expect(buttons.map((b) => b.textContent)).toEqual(['Bid AED 125.00', 'Bid AED 130.00', 'Bid AED 135.00']);
    requestSocket.mockResolvedValue({
      ok: true,
      message: { id: 'm', kind: 'bid', text: '130', amount: 130_00, user: user('aisha'), createdAt: '' },
      bid: { leading: true, message: 'You are the highest bidder.' },
    });
    fireEvent.click(buttons[1]!);
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(requestSocket).toHaveBeenCalledWith('stream:chat', expect.objectContaining({ streamId: 's1', text: '130' }));
    expect(requestSocket.mock.calls[0]![1].clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    screen.getByText('You are the highest bidder.');
  });

  it('an unverified viewer’s quick bid is not sent: the verify prompt is offered', () => {
    const { onNeedVerify } = card({}, { me: { id: 'x', verified: false } });
    fireEvent.click(screen.getAllByTestId('quick-bid')[0]!);
    expect(onNeedVerify).toHaveBeenCalledOnce();
    expect(requestSocket).not.toHaveBeenCalled();
  });

  it('no quick bids for the host, or once bids are not taken', () => {
    card({}, { isHost: true });
    expect(screen.queryByTestId('quick-bid')).toBeNull();
    cleanup();
    card({}, { canBid: false });
    expect(screen.queryByTestId('quick-bid')).toBeNull();
  });

  it('says "Sold to … for …" over a sold lot and "Passed" over one nobody bid on', () => {
    card({ status: 'sold', winner: user('omar'), currentBid: 1_260_00 });
    expect(screen.getByTestId('lot-closed').textContent).toBe('Sold to omar for AED 1,260.00');
    expect(screen.queryByTestId('quick-bid')).toBeNull();
    expect(screen.queryByTestId('lot-countdown')).toBeNull();
    cleanup();
    card({ status: 'passed', currentBid: null, leader: null });
    expect(screen.getByTestId('lot-closed').textContent).toBe('Passed');
  });

  it('in Arabic: the hammer with the price in dirhams', () => {
    render(
      <LotCard
        streamId="s1"
        lot={lot({ status: 'sold', winner: user('omar'), currentBid: 1_260_00 })}
        me={me}
        isHost={false}
        canBid
        onNeedVerify={vi.fn()}
        onSent={vi.fn()}
      />,
      'ar',
    );
    expect(screen.getByTestId('lot-closed').textContent).toBe('تم البيع إلى omar مقابل 1,260.00 د.إ');
  });
});

describe('coming up', () => {
  it('lists the next waiting lots in run-sheet order, and says so when there are none', () => {
    render(
      <ComingUp
        lots={[
          lot({ id: 'a', status: 'sold' }),
          lot({
            id: 'c',
            status: 'waiting',
            position: 2,
            product: { id: null, title: 'Third', image: { url: '', thumb: '' } },
          }),
          lot({
            id: 'b',
            status: 'waiting',
            position: 1,
            product: { id: null, title: 'Second', image: { url: '', thumb: '' } },
          }),
        ]}
      />,
    );
    expect(screen.getAllByTestId('coming-up-lot').map((li) => li.textContent)).toEqual([
      'SecondStarting bid AED 100.00',
      'ThirdStarting bid AED 100.00',
    ]);
    cleanup();
    render(<ComingUp lots={[lot()]} />);
    screen.getByText('No more lots on the run sheet yet.');
  });
});

describe('Buy It Now', () => {
  it('shows price and what is left; a buy sends one Idempotency-Key and links to My Orders', async () => {
    call.mockResolvedValue({ order: { id: 'o1', status: 'awaiting_address' }, pin: pin({ sold: 2 }) });
    render(<PinsPanel streamId="s1" pins={[pin()]} canBuy requireVerified={() => true} />);
    const item = screen.getByTestId('pin');
    expect(within(item).getByTestId('pin-left').textContent).toBe('2 left');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Oud perfume for AED 99.00' }));
    await screen.findByTestId('pin-bought');
    const [route, request] = call.mock.calls[0]!;
    expect(route).toMatchObject({ method: 'POST', path: '/api/streams/:id/pins/:pinId/buy' });
    expect(request.params).toEqual({ id: 's1', pinId: 'pin1' });
    expect(request.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(screen.getByRole('link', { name: 'Add your address in My Orders' }).getAttribute('href')).toBe(
      '/MyAccount?tab=orders',
    );
  });

  it('a sold-out item cannot be bought; the gate stops a signed-out buyer', () => {
    const gate = vi.fn(() => false);
    render(<PinsPanel streamId="s1" pins={[pin({ sold: 3 }), pin({ id: 'pin2' })]} canBuy requireVerified={gate} />);
    const [soldOut, other] = screen.getAllByTestId('pin-buy');
    expect(soldOut!.textContent).toBe('Sold out');
    expect((soldOut as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(other!);
    expect(gate).toHaveBeenCalledOnce();
    expect(call).not.toHaveBeenCalled();
  });

  it('in Arabic: what is left in Arabic plurals', () => {
    render(
      <PinsPanel streamId="s1" pins={[pin({ stock: 5, sold: 0 })]} canBuy={false} requireVerified={() => true} />,
      'ar',
    );
    expect(screen.getByTestId('pin-left').textContent).toBe('تتبقى 5 قطع');
    expect(screen.queryByTestId('pin-buy')).toBeNull();
  });
});

describe('an upcoming show’s card', () => {
  it('says when it starts, in Gulf time, with the Upcoming badge', () => {
    const show: Card = {
      id: 's9',
      title: 'Friday watches',
      cover: '/c.jpg',
      host: user('khalid'),
      status: 'scheduled',
      startedAt: '2026-11-27T14:00:00.000Z',
      endsAt: '2026-11-27T15:00:00.000Z',
      scheduledFor: '2026-11-27T14:00:00.000Z',
      highestBid: null,
    };
    render(<StreamCard stream={show} />);
    screen.getByText('UPCOMING');
    expect(screen.getByTestId('starts-at').textContent).toMatch(/^Starts .*27 Nov 2026.*18:00 GST$/);
  });
});

describe('the pre-bid form', () => {
  it('checks the amount against the starting bid before sending', () => {
    expect(prebidInput('abc', 100_00)).toEqual({ ok: false, problem: 'invalid' });
    expect(prebidInput('0', 100_00)).toEqual({ ok: false, problem: 'invalid' });
    expect(prebidInput('99.99', 100_00)).toEqual({ ok: false, problem: 'tooLow' });
    expect(prebidInput('١٥٠', 100_00)).toEqual({ ok: true, maxAmount: 150_00 });
  });

  it('refuses too little in words, then sends the maximum in fils and shows it', async () => {
    call.mockResolvedValue({ maxAmount: 250_00 });
    render(<PrebidForm streamId="s1" lot={lot({ status: 'waiting' })} mine={undefined} />);
    const input = screen.getByRole('textbox', { name: 'Your maximum bid for Falcon watch' });
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pre-bid' }));
    expect(screen.getByTestId('prebid-problem').textContent).toBe(
      'Your maximum must be at least the starting bid, AED 100.00.',
    );
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pre-bid' }));
    await screen.findByTestId('prebid-saved');
    const [route, request] = call.mock.calls[0]!;
    expect(route).toMatchObject({ method: 'PUT', path: '/api/streams/:id/lots/:lotId/prebid' });
    expect(request).toMatchObject({ params: { id: 's1', lotId: 'l1' }, body: { maxAmount: 250_00 } });
  });

  it('hands an unverified viewer’s refusal to the gates (the verify prompt), says the server’s other words, and keeps the amount', async () => {
    const gates = vi.fn((error: unknown) => error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED');
    render(
      <GateErrorContext.Provider value={gates}>
        <PrebidForm streamId="s1" lot={lot({ status: 'waiting' })} mine={undefined} />
      </GateErrorContext.Provider>,
    );
    const input = screen.getByRole('textbox', { name: 'Your maximum bid for Falcon watch' });
    fireEvent.change(input, { target: { value: '250' } });
    call.mockRejectedValueOnce(new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email first.'));
    fireEvent.click(screen.getByRole('button', { name: 'Pre-bid' }));
    await waitFor(() => expect(gates).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('prebid-problem')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('250');

    call.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'This lot is no longer taking pre-bids.'));
    fireEvent.click(screen.getByRole('button', { name: 'Pre-bid' }));
    expect((await screen.findByTestId('prebid-problem')).textContent).toBe('This lot is no longer taking pre-bids.');
    expect(screen.queryByTestId('prebid-saved')).toBeNull();
  });

  it('shows the viewer’s maximum and offers to change it', () => {
    render(<PrebidForm streamId="s1" lot={lot({ status: 'waiting' })} mine={300_00} />);
    expect(screen.getByTestId('prebid-mine').textContent).toBe('Your maximum: AED 300.00');
    screen.getByRole('button', { name: 'Change pre-bid' });
  });
});
