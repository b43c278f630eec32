import { useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@souq/shared';
import { api } from '../../api/client';

export const profileKey = (id: string) => ['profile', id] as const;

export function useProfile(id: string | undefined) {
  return useQuery({ queryKey: profileKey(id ?? ''), queryFn: () => api<PublicProfile>(`/api/users/${id}`), enabled: !!id });
}
