import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, ProvidersResponse, SessionUser } from '@souq/shared';
import { api } from '../../api/client';

export const SESSION_KEY = ['session'] as const;

export function useSession(): { user: SessionUser | null; loading: boolean } {
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: () => api<MeResponse>('/api/auth/me'), staleTime: 60_000 });
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
  return useQuery({ queryKey: ['auth-providers'], queryFn: () => api<ProvidersResponse>('/api/auth/providers'), staleTime: Infinity });
}
