import { cleanup, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamDetail } from '@souq/shared';
import { renderInLocale } from '../../../test-support/i18n';
import { lotOf } from '../../../test-support/lots';

vi.mock('../../../api/socket', () => ({
  requestSocket: vi.fn(),
  joinStream: () => () => undefined,
  onSocketEvent: () => () => undefined,
}));
vi.mock('../video/useVideo', () => ({ useViewerVideo: () => ({ state: 'live', retry: null }) }));
vi.mock('../../../api/server-clock', () => ({ serverNow: () => Date.parse('2026-11-22T10:00:00.000Z') }));

const { ViewerStream } = await import('../ViewerStream');
const { UpcomingShow } = await import('./UpcomingShow');

const user = (id: string) => ({ id, username: id, profilePic: '' });
const running = lotOf('a', {
  status: 'running',
  seq: 4,
  currentBid: 150_00,
  bidCount: 2,
  minimumBid: 155_00,
  leader: user('omar'),
  endsAt: '2026-11-22T10:00:12.000Z',
});
const detail = (over: Partial<StreamDetail> = {}): StreamDetail => ({
  id: 's1',
  title: 'Friday watches',
  cover: '/c.jpg',
  host: user('hala'),
  status: 'live',
  startedAt: '2026-11-22T09:55:00.000Z',
  endsAt: '2026-11-22T10:30:00.000Z',
  scheduledFor: null,
  highestBid: { amount: 150_00, user: user('omar') },
  seq: 4,
  endedAt: null,
  endReason: null,
  bidCount: 2,
  minimumBid: 155_00,
  winner: null,
  lot: running,
  auctionId: 'a',
  product: running.product,
  serverTime: '2026-11-22T10:00:00.000Z',
  isHost: false,
  removed: false,
  recentMessages: [],
  order: null,
  lots: [running, lotOf('b', { position: 1 }), lotOf('c', { position: 2 })],
  pins: [],
  giveaway: null,
  giveawayEntered: false,
  rehearsalPace: null,
  myPrebids: {},
  reminded: false,
  canModerate: false,
  mutedWords: [],
  mutedUntil: null,
  ...over,
});

function render(ui: React.ReactNode) {
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('a viewer joining mid-show', () => {
  const me = { id: 'aisha', verified: true };

  it('sees the running lot at once, with the spec’s banner, its countdown, quick bids and what comes next', () => {
    render(<ViewerStream stream={detail()} me={me} onNeedVerify={vi.fn()} requireVerified={() => true} />);
    expect(screen.getByTestId('lot-title').textContent).toBe('Lot a');
    expect(screen.getByTestId('bid-banner').textContent).toBe('Highest Bid: AED 150.00 by omar');
    expect(screen.getByTestId('lot-countdown').textContent).toBe('00:12');
    expect(screen.getAllByTestId('quick-bid')).toHaveLength(3);
    expect(screen.getAllByTestId('coming-up-lot').map((l) => l.textContent?.slice(0, 5))).toEqual(['Lot b', 'Lot c']);
  });

  it('is offered to complete the show’s order, and a mute stops the quick bids and the chat', () => {
    render(
      <ViewerStream
        stream={detail({
          order: { id: 'o1', status: 'awaiting_address' },
          mutedUntil: '2026-11-22T10:04:00.000Z',
        })}
        me={me}
        onNeedVerify={vi.fn()}
        requireVerified={() => true}
      />,
    );
    expect(screen.getByTestId('show-order').textContent).toBe('You have an order from this show. Complete your order');
    expect(screen.queryByTestId('quick-bid')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Chat message' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('a moderator gets the chat’s tools', () => {
    render(
      <ViewerStream
        stream={detail({
          canModerate: true,
          recentMessages: [
            { id: 'm', kind: 'chat', text: 'hi', amount: null, user: user('una'), createdAt: '2026-11-22T09:59:00Z' },
          ],
        })}
        me={me}
        onNeedVerify={vi.fn()}
        requireVerified={() => true}
      />,
    );
    screen.getByRole('button', { name: 'Mute una for 5 minutes' });
    screen.getByRole('button', { name: 'Remove una from the stream' });
  });
});

describe('a scheduled show’s page', () => {
  const scheduled = detail({
    status: 'scheduled',
    scheduledFor: '2026-11-27T14:00:00.000Z',
    lot: null,
    lots: [lotOf('a'), lotOf('b', { position: 1 })],
    myPrebids: { b: 250_00 },
  });

  it('says when it starts, offers the reminder, and a pre-bid form on each lot for a verified viewer', () => {
    render(
      <UpcomingShow
        stream={scheduled}
        me={{ id: 'aisha', verified: true }}
        requireLogin={() => true}
        requireVerified={() => true}
      />,
    );
    expect(screen.getByTestId('show-starts').textContent).toMatch(/Starts .*27 Nov 2026.*18:00 GST/);
    expect(screen.getByTestId('remind-me').textContent).toBe('Remind me');
    expect(screen.getAllByTestId('prebid-form')).toHaveLength(2);
    expect(screen.getByTestId('prebid-mine').textContent).toBe('Your maximum: AED 250.00');
  });

  it('an unverified viewer is asked to verify, the host sees no form, a signed-out reminder asks to log in', () => {
    const requireLogin = vi.fn(() => false);
    render(
      <UpcomingShow
        stream={{ ...scheduled, reminded: true }}
        me={{ id: 'una', verified: false }}
        requireLogin={requireLogin}
        requireVerified={() => false}
      />,
    );
    expect(screen.queryByTestId('prebid-form')).toBeNull();
    screen.getByTestId('prebid-verify');
    expect(screen.getByTestId('remind-me').textContent).toBe('Reminder set');
    expect(screen.getByTestId('remind-me').getAttribute('aria-pressed')).toBe('true');
    screen.getByTestId('remind-me').click();
    expect(requireLogin).toHaveBeenCalledOnce();
    cleanup();
    render(
      <UpcomingShow
        stream={{ ...scheduled, isHost: true }}
        me={{ id: 'hala', verified: true }}
        requireLogin={() => true}
        requireVerified={() => true}
      />,
    );
    expect(screen.queryByTestId('prebid-form')).toBeNull();
    expect(screen.queryByTestId('remind-me')).toBeNull();
  });
});
