import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type CodQueue as Queue } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { CodQueue } from './CodQueue';
import { RecordAttempt } from './RecordAttempt';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const QUEUE: Queue = {
  disputes: [
    {
      id: '00000000-0000-4000-8000-00000000000a',
      lineId: '00000000-0000-4000-8000-00000000000b',
      outcome: 'refused',
      reason: 'Did not want it',
      createdAt: '2026-11-27T08:00:00.000Z',
      reply: null,
      dispute: { note: 'Nobody came to the door.', at: '2026-11-27T10:00:00.000Z', decision: null, decidedAt: null },
      disputeUntil: '2026-11-29T08:00:00.000Z',
      title: 'Dallah coffee pot',
      buyer: { id: 'b', username: 'amira' },
      seller: { id: 's', username: 'omar' },
    },
  ],
  blocked: [],
};

function renderIn(ui: React.ReactNode) {
  renderInLocale(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
    { locale: 'en' },
  );
}

const bodyOf = (fetch: ReturnType<typeof vi.spyOn>, n: number) =>
  JSON.parse(String((fetch.mock.calls[n] as [unknown, RequestInit])[1].body));

describe('delivery on the web (issue 46)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends the decision of the button staff pressed, with the reason', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ ...QUEUE, disputes: QUEUE.disputes }));
    renderIn(<CodQueue />);
    await screen.findByText('Dallah coffee pot');
    fireEvent.click(screen.getByText('Refusal stands'));
    await screen.findAllByText(MSG.reasonRequired);
    fireEvent.change(screen.getByLabelText('Reason (for the audit log)'), { target: { value: 'Courier photo' } });
    fireEvent.click(screen.getByText('Refusal stands'));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/decide'))).toBe(true));
    const decide = fetch.mock.calls.findIndex(([url]) => String(url).includes('/decide'));
    expect(bodyOf(fetch, decide)).toEqual({ note: 'Courier photo', decision: 'stands' });
  });

  it('asks the seller for the buyer’s reason before a refusal is sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({}, 201));
    renderIn(<RecordAttempt lineId="00000000-0000-4000-8000-00000000000b" />);
    fireEvent.click(screen.getByText('Record a delivery attempt'));
    fireEvent.click(screen.getByText('Save attempt'));
    await screen.findAllByText(MSG.chooseDeliveryOutcome);
    fireEvent.click(screen.getByLabelText('Refused at the door'));
    fireEvent.click(screen.getByText('Save attempt'));
    await screen.findAllByText(MSG.refusalReasonRequired);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('The reason the buyer gave'), { target: { value: 'Changed his mind' } });
    fireEvent.click(screen.getByText('Save attempt'));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(bodyOf(fetch, 0)).toEqual({ outcome: 'refused', reason: 'Changed his mind' });
  });
});
