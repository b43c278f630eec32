import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithGates } from '../../../test-support/gates';
import type { Route } from '../../../api/contract';

const call = vi.fn();
vi.mock('../../../api/client', async (original) => ({
  ...(await original<typeof import('../../../api/client')>()),
  call: (...args: unknown[]) => call(...args),
}));
const { ModeratorsPanel } = await import('./RoomPanel');
const { ApiError } = await import('../../../api/client');

/** The panel with no moderators yet, an add answered by `onAdd`, and the gates a page provides. */
function renderPanel(onAdd: (username: string) => unknown) {
  call.mockImplementation(async (route: Route, options: { body?: { username: string } }) =>
    route.path === '/api/me/moderators' && route.method === 'GET' ? { items: [] } : onAdd(options.body!.username),
  );
  const gates = renderWithGates(<ModeratorsPanel />);
  const panel = within(screen.getByTestId('moderators'));
  return { gates, panel, box: panel.getByRole('textbox', { name: 'Username' }) as HTMLInputElement };
}

describe('the moderators panel', () => {
  afterEach(() => {
    cleanup();
    call.mockReset();
  });

  it('asks for a username on the field, adds by it (trimmed), and says who is now a moderator', async () => {
    const { panel, box } = renderPanel((username) => ({ id: 'u2', username, name: 'Layla', avatar: null }));
    await panel.findByText('No moderators yet. Add someone you trust by their username.');
    fireEvent.click(panel.getByRole('button', { name: 'Add moderator' }));
    expect((await panel.findByRole('alert')).textContent).toBe('Username is required.');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(box, { target: { value: '  layla ' } });
    fireEvent.click(panel.getByRole('button', { name: 'Add moderator' }));
    expect((await panel.findByRole('status', { name: '' })).textContent).toBe('layla is now a moderator.');
    expect(box.value).toBe('');
    expect(panel.queryByRole('alert')).toBeNull();
  });

  it('hands an unverified host to the verify prompt, and shows the server’s refusal on the field', async () => {
    const refusals = [
      new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email first.'),
      new ApiError(404, 'NOT_FOUND', 'No one has that username.'),
    ];
    const { gates, panel, box } = renderPanel(() => {
      throw refusals.shift();
    });
    fireEvent.change(box, { target: { value: 'ghost' } });
    fireEvent.click(panel.getByRole('button', { name: 'Add moderator' }));
    await waitFor(() => expect(gates).toHaveBeenCalledOnce());
    expect(panel.queryByRole('alert')).toBeNull();

    fireEvent.click(panel.getByRole('button', { name: 'Add moderator' }));
    expect((await panel.findByRole('alert')).textContent).toBe('No one has that username.');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.value).toBe('ghost');
  });
});
