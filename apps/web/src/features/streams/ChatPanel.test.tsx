import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';

const requestSocket = vi.fn();
vi.mock('../../api/socket', () => ({ requestSocket: (...args: unknown[]) => requestSocket(...args) }));
const { ChatPanel } = await import('./ChatPanel');

const line = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  kind: 'chat',
  text: 'hi',
  amount: null,
  user: { id: 'u1', username: 'aisha', profilePic: '' },
  createdAt: '2026-11-22T10:00:00.000Z',
  ...over,
});

function renderChat({ verified = true, messages = [] as ChatMessage[], locale = 'en' as 'en' | 'ar' } = {}) {
  const onNeedVerify = vi.fn();
  const onSent = vi.fn();
  renderInLocale(
    <ChatPanel
      streamId="s1"
      messages={messages}
      hostId="h1"
      form={{ verified, isHost: false, onNeedVerify, onSent }}
    />,
    { locale },
  );
  const send = (text: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: locale === 'ar' ? 'رسالة الدردشة' : 'Chat message' }), {
      target: { value: text },
    });
    fireEvent.click(screen.getByRole('button', { name: locale === 'ar' ? 'إرسال' : 'Send' }));
  };
  return { onNeedVerify, onSent, send };
}

describe('the live chat', () => {
  afterEach(() => {
    cleanup();
    requestSocket.mockReset();
  });

  it('sets bids apart from chat', () => {
    renderChat({ messages: [line({}), line({ id: 'm2', kind: 'bid', text: '١٥٠', amount: 150_00 })] });
    expect(screen.getByTestId('chat-message').textContent).toContain('hi');
    expect(screen.getByTestId('chat-bid').textContent).toBe('aishaBid AED 150.00');
  });

  it('ignores an empty line; an unverified bid is not sent and the prompt is offered, but chat is', async () => {
    const { onNeedVerify, onSent, send } = renderChat({ verified: false });
    expect(screen.getByRole('textbox', { name: 'Chat message' }).getAttribute('placeholder')).toBe(
      'Enter message (verify email to bid)',
    );
    send('   ');
    expect(requestSocket).not.toHaveBeenCalled();
    send('١٥٠');
    expect(onNeedVerify).toHaveBeenCalledOnce();
    expect(requestSocket).not.toHaveBeenCalled();
    requestSocket.mockResolvedValueOnce({ ok: true, message: line({ text: 'nice' }) });
    send('nice');
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(requestSocket.mock.calls[0]![1]).toMatchObject({ streamId: 's1', text: 'nice' });
  });

  it('shows the server’s answer to a bid, and resends an unanswered line with the same id', async () => {
    const { send } = renderChat();
    requestSocket.mockResolvedValueOnce({
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Cannot reach Souq. Check your connection and try again.',
    });
    send('150');
    await screen.findByText('Cannot reach Souq. Check your connection and try again.');
    requestSocket.mockResolvedValueOnce({
      ok: false,
      code: 'VALIDATION_FAILED',
      message: 'Bid amount must be higher than current bid. Bid at least AED 155.00.',
    });
    send('150');
    // The first answer's alert is still up until the second answer lands: wait for its words.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Bid amount must be higher than current bid. Bid at least AED 155.00.',
      ),
    );
    const [first, second] = requestSocket.mock.calls.map((c) => (c[1] as { clientId: string }).clientId);
    expect(second).toBe(first);
    // The refused line stays in the box to correct.
    expect((screen.getByRole('textbox', { name: 'Chat message' }) as HTMLInputElement).value).toBe('150');
    requestSocket.mockResolvedValueOnce({
      ok: true,
      message: line({ kind: 'bid', amount: 160_00 }),
      bid: { leading: true, message: 'Your bid is in. You are the highest bidder.' },
    });
    send('160');
    await screen.findByText('Your bid is in. You are the highest bidder.');
    expect((requestSocket.mock.calls[2]![1] as { clientId: string }).clientId).not.toBe(first);
  });

  it('speaks Arabic: the heading, a bid line with the amount in dirhams, the server’s too-low answer', async () => {
    const { send } = renderChat({
      locale: 'ar',
      messages: [line({ id: 'm2', kind: 'bid', text: '150', amount: 150_00 })],
    });
    expect(screen.getByRole('heading', { name: 'الدردشة المباشرة' })).toBeTruthy();
    expect(screen.getByTestId('chat-bid').textContent).toBe('aishaمزايدة 150.00 د.إ');
    requestSocket.mockResolvedValueOnce({
      ok: false,
      code: 'VALIDATION_FAILED',
      message: 'Bid amount must be higher than current bid. Bid at least AED 155.00.',
    });
    send('150');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'يجب أن تكون المزايدة أعلى من المزايدة الحالية. زايِد بمبلغ 155.00 د.إ على الأقل.',
    );
  });

  it('words a lot’s close from its parts in the reader’s language, not from the stored English', () => {
    const sold = line({
      id: 's',
      kind: 'sold',
      text: 'Sold to omar for AED 1,260.00',
      amount: 1_260_00,
      user: { id: 'o', username: 'omar', profilePic: '' },
      lotTitle: 'Falcon watch',
    });
    const passed = line({ id: 'p', kind: 'passed', text: 'Passed', lotTitle: 'Oud perfume' });
    renderChat({ messages: [sold, passed] });
    expect(screen.getByTestId('chat-sold').textContent).toBe('Falcon watch: Sold to omar for AED 1,260.00');
    expect(screen.getByTestId('chat-passed').textContent).toBe('Oud perfume: Passed');
    cleanup();
    renderChat({ messages: [sold, passed], locale: 'ar' });
    expect(screen.getByTestId('chat-sold').textContent).toBe('Falcon watch: تم البيع إلى omar مقابل 1,260.00 د.إ');
    expect(screen.getByTestId('chat-passed').textContent).toBe('Oud perfume: لم تُبع');
  });

  it('a moderator deletes, mutes and removes; the host’s own lines and the show’s lines have no tools', async () => {
    const onDelete = vi.fn();
    const onRemove = vi.fn(() => Promise.resolve());
    const onMute = vi.fn(() => Promise.resolve());
    renderInLocale(
      <ChatPanel
        streamId="s1"
        hostId="h1"
        messages={[
          line({}),
          line({ id: 'h', user: { id: 'h1', username: 'host', profilePic: '' } }),
          line({ id: 'p', kind: 'passed', text: 'Passed', lotTitle: 'Oud' }),
        ]}
        form={null}
        moderation={{ onDelete, onRemove, onMute }}
      />,
    );
    expect(screen.getAllByRole('button', { name: /^Delete message from/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Mute / })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Mute aisha for 5 minutes' }));
    expect(onMute).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1' }));
    expect((await screen.findByTestId('moderation-answer')).textContent).toBe('aisha is muted for 5 minutes.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove aisha from the stream' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove', hidden: true }));
    await waitFor(() => expect(onRemove).toHaveBeenCalledOnce());
  });

  it('a muted viewer’s input waits until the mute ends, saying until when', () => {
    renderInLocale(
      <ChatPanel
        streamId="s1"
        hostId="h1"
        messages={[]}
        form={{
          verified: true,
          isHost: false,
          onNeedVerify: vi.fn(),
          onSent: vi.fn(),
          mutedUntil: new Date(Date.now() + 120_000).toISOString(),
        }}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Chat message' }) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(screen.getByTestId('chat-muted').textContent).toMatch(/^A moderator muted you\. You can chat again at /);
  });
});
