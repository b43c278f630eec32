import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale, SessionUser } from '@souq/shared';
import { ApiError } from '../../api/client';
import { useGateErrorHandler } from '../../components/gate-errors';
import { useRequireVerified, GatesProvider } from './gates';
import { sessionKey as SESSION_KEY } from '../../api/keys';
import { renderInLocale } from '../../test-support/i18n';

const user = (emailVerified: boolean): SessionUser => ({
  id: 'u1',
  email: 'a@b.co',
  username: 'amira',
  displayName: null,
  emailVerified,
  profilePic: '/images/default-avatar.svg',
  hasPassword: true,
  staff: false,
  suspension: null,
  locale: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function Gated({ onAllowed }: { onAllowed: () => void }) {
  const requireVerified = useRequireVerified();
  const handle = useGateErrorHandler();
  return (
    <>
      <button onClick={() => requireVerified() && onAllowed()}>Add to Cart</button>
      <button onClick={() => handle(new ApiError(403, 'EMAIL_NOT_VERIFIED', 'x'))}>Server says unverified</button>
    </>
  );
}

function renderWith(session: SessionUser | null, onAllowed = vi.fn(), locale: Locale = 'en') {
  const client = new QueryClient();
  client.setQueryData(SESSION_KEY, { user: session });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <GatesProvider>
            <Gated onAllowed={onAllowed} />
          </GatesProvider>
        ),
      },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderInLocale(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { locale },
  );
  return { router, onAllowed };
}

describe('the login and verified-email gates', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('goes to /login with the exact words and the way back, without a browser alert box, when logged out', () => {
    const alert = vi.spyOn(window, 'alert');
    const { router, onAllowed } = renderWith(null);
    fireEvent.click(screen.getByText('Add to Cart'));
    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: '/',
      notice: 'You must be logged in to perform this action.',
      tone: 'error',
    });
    expect(onAllowed).not.toHaveBeenCalled();
  });

  it('offers to resend the verification email when unverified', () => {
    const { onAllowed } = renderWith(user(false));
    fireEvent.click(screen.getByText('Add to Cart'));
    expect(screen.getByText('Resend verification email')).toBeTruthy();
    expect(onAllowed).not.toHaveBeenCalled();
  });

  it('opens the same prompt when the server answers EMAIL_NOT_VERIFIED', () => {
    renderWith(user(true));
    fireEvent.click(screen.getByText('Server says unverified'));
    expect(screen.getByText('Resend verification email')).toBeTruthy();
  });

  it.each([
    [200, 'Verification email sent. Please check your inbox and verify your email.'],
    [503, 'Error sending verification email. Please try again later.'],
  ])('shows the exact words after a resend answered %i', async (status, words) => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify(
          status === 200 ? { alreadyVerified: false } : { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } },
        ),
        { status },
      ),
    );
    renderWith(user(false));
    fireEvent.click(screen.getByText('Add to Cart'));
    fireEvent.click(screen.getByText('Resend verification email'));
    expect(await screen.findByText(words)).toBeTruthy();
    expect(globalThis.fetch).toHaveBeenCalledWith(
      '/api/auth/resend-verification',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('asks in Arabic on an Arabic page', () => {
    renderWith(user(false), vi.fn(), 'ar');
    fireEvent.click(screen.getByText('Add to Cart'));
    expect(screen.getByText('أكِّد بريدك الإلكتروني')).toBeTruthy();
    expect(screen.getByText('أعِد إرسال رسالة التأكيد')).toBeTruthy();
    expect(screen.getByText('إغلاق')).toBeTruthy();
  });

  it('lets a verified user through', () => {
    const { onAllowed } = renderWith(user(true));
    fireEvent.click(screen.getByText('Add to Cart'));
    expect(onAllowed).toHaveBeenCalledOnce();
  });
});
