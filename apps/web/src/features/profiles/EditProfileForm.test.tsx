import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { EditProfileForm } from './EditProfileForm';

const PROFILE: PublicProfile = {
  id: '0c654725-4848-448a-9607-100261226096',
  username: 'amira',
  profilePic: '/images/default-avatar.svg',
  bio: '',
  contactEmail: null,
  postsCount: 0,
  followersCount: 0,
  followingCount: 0,
  createdAt: '2026-11-22T00:00:00.000Z',
  isMe: true,
  isFollowing: false,
};

function renderForm() {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(PROFILE), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const onSaved = vi.fn();
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <EditProfileForm profile={PROFILE} email="amira@souq.test" onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { sent, onSaved };
}

describe('the contact email is opt-in (issue 7)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('starts empty and saves none unless the user asks', async () => {
    const { sent, onSaved } = renderForm();
    expect((screen.getByLabelText('Contact email (optional)') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([{ username: 'amira', bio: '', contactEmail: null }]);
  });

  it('publishes the sign-in email only after the user chooses to', async () => {
    const { sent, onSaved } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Show my sign-in email on my profile' }));
    expect((screen.getByLabelText('Contact email (optional)') as HTMLInputElement).value).toBe('amira@souq.test');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([{ username: 'amira', bio: '', contactEmail: 'amira@souq.test' }]);
  });
});
