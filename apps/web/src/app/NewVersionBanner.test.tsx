import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OLDEST_CLIENT_PROTOCOL, PROTOCOL_VERSION, type ProtocolRefusal } from '@souq/shared';
import { FakeSocket } from '../test-support/fake-socket';

let fake: FakeSocket;
const io = vi.fn(() => fake);
vi.mock('socket.io-client', () => ({ io }));

/** The banner and the socket from one fresh module graph, with a page part that wants live updates. */
async function pageWithSocket(reload = vi.fn()) {
  const { subscribeNotifications } = await import('../api/socket');
  const { NewVersionBanner } = await import('./NewVersionBanner');
  // From the same fresh module graph as the banner, so both see one language context.
  const { renderInLocale } = await import('../test-support/i18n');
  renderInLocale(<NewVersionBanner reload={reload} />);
  subscribeNotifications({ onMessage: () => undefined, onResync: () => undefined });
  await vi.waitFor(() => expect(fake.listening).toBe(true));
  act(() => fake.fire('connect'));
  return reload;
}

const hello = (version: number) => act(() => fake.fire('hello', { version, serverTime: '', userId: null }));

/** The server's handshake refusal, as Socket.IO hands it to the tab. */
const refused = (mismatch: ProtocolRefusal['mismatch']) =>
  act(() => {
    fake.active = false;
    const data: ProtocolRefusal = {
      code: 'PROTOCOL_MISMATCH',
      mismatch,
      serverVersion: PROTOCOL_VERSION,
      oldestClient: OLDEST_CLIENT_PROTOCOL,
    };
    fake.fire('connect_error', Object.assign(new Error(mismatch), { data }));
  });

describe('a page whose socket protocol is not the server’s', () => {
  beforeEach(() => {
    vi.resetModules();
    io.mockClear();
    fake = new FakeSocket();
  });
  afterEach(cleanup);

  it('says nothing while the server speaks its version', async () => {
    await pageWithSocket();
    hello(PROTOCOL_VERSION);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a reload once the socket comes back to a server of another version (an open tab during a deploy)', async () => {
    const alert = vi.spyOn(window, 'alert');
    const confirm = vi.spyOn(window, 'confirm');
    const reload = await pageWithSocket();
    hello(PROTOCOL_VERSION);
    act(() => fake.fire('disconnect'));
    act(() => fake.fire('connect'));
    hello(PROTOCOL_VERSION + 1);

    // In the polite status region that was already there, so screen readers announce it.
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('A new version of Souq is available.');
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(status.contains(button)).toBe(true);
    button.focus();
    expect(document.activeElement).toBe(button);
    expect(reload).not.toHaveBeenCalled();

    button.click();
    expect(reload).toHaveBeenCalledOnce();
    expect(alert).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('says its own protocol version in the handshake, so the server can refuse it', async () => {
    await pageWithSocket();
    expect(io).toHaveBeenCalledWith(expect.objectContaining({ auth: { protocol: PROTOCOL_VERSION } }));
  });

  it('offers the reload when the server refuses the tab as too old for it', async () => {
    const reload = await pageWithSocket();
    refused('client-too-old');
    expect(screen.getByRole('status').textContent).toContain('A new version of Souq is available.');
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says live updates pause while the server is older than the tab (mid-deploy), asks again, and clears once it may', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      await pageWithSocket();
      const connect = vi.spyOn(fake, 'connect');
      refused('server-too-old');
      const status = screen.getByRole('status');
      expect(status.textContent).toBe('Souq is being updated. Live updates will be back in a moment.');
      expect(screen.queryByRole('button')).toBeNull();

      expect(connect).not.toHaveBeenCalled();
      act(() => void vi.advanceTimersByTime(20_000));
      expect(connect).toHaveBeenCalledOnce();
      act(() => fake.fire('connect'));
      hello(PROTOCOL_VERSION);
      expect(status.textContent).toBe('');
      // A hello from an older server says the same, without a refusal.
      hello(PROTOCOL_VERSION - 1);
      expect(status.textContent).toBe('Souq is being updated. Live updates will be back in a moment.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never opens a connection itself: a page without live parts stays without one', async () => {
    const { NewVersionBanner } = await import('./NewVersionBanner');
    const { renderInLocale } = await import('../test-support/i18n');
    renderInLocale(<NewVersionBanner />);
    await act(async () => undefined);
    expect(io).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('a new version’s service worker waiting to take over (ADR 0058)', () => {
  beforeEach(() => {
    vi.resetModules();
    io.mockClear();
    fake = new FakeSocket();
  });
  afterEach(cleanup);

  /** The banner and the update store from one fresh module graph, as the app has them. */
  async function bannerWithWorker(locale: 'en' | 'ar' = 'en') {
    const { NewVersionBanner } = await import('./NewVersionBanner');
    const { offerUpdate } = await import('./waiting-update');
    const { renderInLocale } = await import('../test-support/i18n');
    const reload = vi.fn();
    renderInLocale(<NewVersionBanner reload={reload} />, { locale });
    return { offerUpdate, reload };
  }

  it('offers the reload, which lets the waiting worker take over rather than reloading on the old one', async () => {
    const { offerUpdate, reload } = await bannerWithWorker();
    expect(screen.getByRole('status').textContent).toBe('');
    const take = vi.fn(async () => undefined);
    act(() => offerUpdate(take));

    const status = screen.getByRole('status');
    expect(status.textContent).toContain('A new version of Souq is available.');
    // The page goes on with the code it started with until the person says so: never mid-bid.
    expect(take).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(status.contains(button)).toBe(true);
    button.click();
    expect(take).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
  });

  it('lets the worker take over when the socket also says the tab is too old', async () => {
    const { offerUpdate, reload } = await bannerWithWorker();
    const take = vi.fn(async () => undefined);
    act(() => offerUpdate(take));
    refused('client-too-old');
    expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1);
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(take).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
  });

  it('says it in Arabic', async () => {
    const { offerUpdate } = await bannerWithWorker('ar');
    act(() => offerUpdate(async () => undefined));
    expect(screen.getByRole('status').textContent).toContain('يتوفر إصدار جديد من Souq.');
    expect(screen.getByRole('button', { name: 'إعادة التحميل' })).toBeTruthy();
  });
});
