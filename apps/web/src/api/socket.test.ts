import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test-support/fake-socket';

let fake: FakeSocket;
vi.mock('socket.io-client', () => ({ io: () => fake }));

const watches = () =>
  fake.sent.filter(([e]) => e === 'auction:watch').map(([, m]) => (m as { auctionId: string }).auctionId);
const loaded = () => vi.waitFor(() => expect(fake.listening).toBe(true));

describe('the shared socket', () => {
  beforeEach(() => {
    vi.resetModules();
    fake = new FakeSocket();
  });
  afterEach(() => vi.useRealTimers());

  it('joins watched rooms once connected, and again after every reconnect, asking each page to re-read', async () => {
    const { watchAuction } = await import('./socket');
    const onResync = vi.fn();
    const onMessage = vi.fn();
    const stop = watchAuction('a1', { onMessage, onResync });
    await loaded();
    expect(watches()).toEqual([]);

    fake.fire('connect');
    expect(watches()).toEqual(['a1']);
    expect(onResync).toHaveBeenLastCalledWith(false);

    const update = { auction: { id: 'a1', seq: 1 }, bids: [], reason: 'bid', serverTime: '' };
    fake.fire('auction:update', update);
    fake.fire('auction:update', { ...update, auction: { id: 'other', seq: 1 } });
    expect(onMessage).toHaveBeenCalledExactlyOnceWith(update);

    fake.fire('disconnect');
    fake.fire('connect');
    expect(watches()).toEqual(['a1', 'a1']);
    expect(onResync).toHaveBeenLastCalledWith(true);

    stop();
    expect(fake.sent.at(-1)).toEqual(['auction:unwatch', { auctionId: 'a1' }]);
  });

  it('paces a page full of rooms under the server’s limit instead of being refused', async () => {
    vi.useFakeTimers();
    const { watchAuction } = await import('./socket');
    const ids = Array.from({ length: 40 }, (_, i) => `a${i}`);
    for (const id of ids) watchAuction(id, { onMessage: () => undefined, onResync: () => undefined });
    await vi.waitFor(() => expect(fake.listening).toBe(true));
    fake.fire('connect');
    expect(watches()).toHaveLength(15);
    vi.advanceTimersByTime(1000);
    expect(watches().length).toBeLessThanOrEqual(15 + 9);
    vi.advanceTimersByTime(5000);
    expect(watches()).toEqual(ids);
  });

  it('sends nothing for a page that came and went before its turn', async () => {
    const { watchAuction } = await import('./socket');
    const stop = watchAuction('gone', { onMessage: () => undefined, onResync: () => undefined });
    watchAuction('kept', { onMessage: () => undefined, onResync: () => undefined });
    stop();
    await loaded();
    fake.fire('connect');
    expect(fake.sent).toEqual([['auction:watch', { auctionId: 'kept' }]]);
  });

  it('reconnects when the page signs in, so the server knows who the socket belongs to', async () => {
    const { setSocketUser, subscribeNotifications } = await import('./socket');
    subscribeNotifications({ onMessage: () => undefined, onResync: () => undefined });
    await loaded();
    fake.fire('connect');
    fake.fire('hello', { version: 1, serverTime: '', userId: null });
    const disconnect = vi.spyOn(fake, 'disconnect');
    setSocketUser(null);
    expect(disconnect).not.toHaveBeenCalled();
    setSocketUser('u1');
    expect(disconnect).toHaveBeenCalledOnce();
  });

  it('joins a stream’s room after every connect, tells the page once admitted, and leaves when the last page goes', async () => {
    const { joinStream, watchStreamList } = await import('./socket');
    const onJoined = vi.fn();
    const stop = joinStream('s1', { onJoined });
    const lobby = vi.fn();
    watchStreamList({ onMessage: lobby, onResync: () => undefined });
    await loaded();
    fake.fire('connect');
    expect(fake.sent).toEqual([
      ['streams:watch', {}],
      ['stream:join', { streamId: 's1' }],
    ]);
    fake.acks.shift()!({ ok: true, isHost: false });
    expect(onJoined).toHaveBeenLastCalledWith({ ok: true, isHost: false }, false);
    fake.fire('streams:changed', { streamId: 's1', serverTime: '' });
    expect(lobby).toHaveBeenCalledOnce();

    fake.fire('disconnect');
    fake.fire('connect');
    fake.acks.shift()!({ ok: true, isHost: false });
    expect(onJoined).toHaveBeenLastCalledWith({ ok: true, isHost: false }, true);
    expect(fake.sent.filter(([e]) => e === 'stream:join')).toHaveLength(2);

    stop();
    expect(fake.sent.at(-1)).toEqual(['stream:leave', { streamId: 's1' }]);
  });
});
