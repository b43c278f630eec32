import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamDetail } from '@souq/shared';
import { renderInLocale } from '../../../test-support/i18n';
import type { Route } from '../../../api/contract';

const call = vi.fn();
vi.mock('../../../api/client', () => ({ call: (...args: unknown[]) => call(...args) }));
const { HostTools } = await import('./HostTools');
const { streamKeys } = await import('../api');

const STREAM = { id: 's1', status: 'scheduled', lots: [], pins: [], mutedWords: ['spam'] } as unknown as StreamDetail;

/** The host's tools as the show page renders them: on the cached stream, which a save patches. */
function Page() {
  const stream = useQuery({
    queryKey: streamKeys.detail(STREAM.id),
    queryFn: () => STREAM,
    initialData: STREAM,
    staleTime: Infinity,
  }).data;
  return <HostTools stream={stream} products={[]} moderation={null} />;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  call.mockImplementation(async (route: Route, options: { body?: { words: string[] } }) =>
    route.path === '/api/streams/:id/muted-words' ? { words: options.body!.words } : { items: [] },
  );
  renderInLocale(
    <QueryClientProvider client={client}>
      <Page />
    </QueryClientProvider>,
  );
  return client;
}

describe('the muted words editor', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    call.mockReset();
  });

  it('says "Muted words saved." after saving changed words, and shows them as saved', async () => {
    const client = renderPage();
    // Found again each time: the editor must show the saved words, whatever it redraws.
    const editor = () => within(screen.getByTestId('muted-words'));
    const box = editor().getByLabelText('Muted words, one per line') as HTMLTextAreaElement;
    expect(box.value).toBe('spam');
    fireEvent.change(box, { target: { value: 'spam\n scam \nSPAM' } });
    fireEvent.click(editor().getByRole('button', { name: 'Save muted words' }));
    // Once the save has reached the cached stream and the page has drawn it, the confirmation is still there.
    await waitFor(() =>
      expect(client.getQueryData<StreamDetail>(streamKeys.detail(STREAM.id))?.mutedWords).toEqual(['spam', 'scam']),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(editor().getByRole('status').textContent).toBe('Muted words saved.');
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/api/streams/:id/muted-words' }),
      expect.objectContaining({ body: { words: ['spam', 'scam'] } }),
    );
    expect((editor().getByLabelText('Muted words, one per line') as HTMLTextAreaElement).value).toBe('spam\nscam');
  });
});
