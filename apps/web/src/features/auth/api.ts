import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Locale, MeResponse, SessionUser } from '@souq/shared';
import { call, type BodyOf } from '../../api/client';
import { API } from '../../api/contract';
import { sessionKey } from '../../api/keys';
import { leaveToShop } from './leave';

export const authKeys = { providers: ['auth-providers'] as const };

export function useSession(): { user: SessionUser | null; loading: boolean } {
  const query = useQuery({ queryKey: sessionKey, queryFn: () => call(API.accounts.me), staleTime: 60_000 });
  return { user: query.data?.user ?? null, loading: query.isPending };
}

/** After anything that changes who is signed in, every cached view is stale. */
export function useRefreshSession(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries();
  };
}

export function useProviders() {
  return useQuery({ queryKey: authKeys.providers, queryFn: () => call(API.accounts.providers), staleTime: Infinity });
}

// Signing in, and every password change (which signs other sessions out), refresh the views before they count as done.

export function useLogin() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.accounts.login>) => call(API.accounts.login, { body }),
    onSuccess: refresh,
  });
}

export function useRegister() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.accounts.register>) => call(API.accounts.register, { body }),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.accounts.changePassword>) => call(API.accounts.changePassword, { body }),
    onSuccess: refresh,
  });
}

export function useResetPassword() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.accounts.passwordResetConfirm>) =>
      call(API.accounts.passwordResetConfirm, { body }),
    onSuccess: refresh,
  });
}

/** Emails a reset link; the answer is the same whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.accounts.passwordReset>) => call(API.accounts.passwordReset, { body }),
  });
}

/** Spends the emailed token. The page says "verified" at once; the session catches up behind it. */
export function useVerifyEmail() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (token: string) => call(API.accounts.verifyEmail, { body: { token } }),
    onSuccess: () => void refresh(),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => call(API.accounts.resendVerification) });
}

/** Signing out ends on the shop whether or not the server answered: the cookie may be gone either way. */
export function useLogout() {
  return useMutation({ mutationFn: () => call(API.accounts.logout), onSettled: leaveToShop });
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: () => call(API.accounts.logoutAll), onSettled: leaveToShop });
}

/**
 * Keeps a language chosen while signed in on the account too, so its mail and notifications use
 * it (issue 29). The session is told at once, so nothing takes the old choice for the account's.
 * Signed out, the choice stays on this device (the cookie) only.
 */
export function useRememberLocale(): (locale: Locale) => void {
  const client = useQueryClient();
  return useCallback(
    (locale: Locale) => {
      const me = client.getQueryData<MeResponse>(sessionKey);
      if (!me?.user) return;
      client.setQueryData<MeResponse>(sessionKey, { ...me, user: { ...me.user, locale } });
      // Losing it costs only the mail's language; the page has already switched.
      call(API.accounts.setLocale, { body: { locale } }).catch(() => undefined);
    },
    [client],
  );
}
