import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicProfile } from '@souq/shared';
import { call, type BodyOf } from '../../api/client';
import { API } from '../../api/contract';
import { setFollow } from '../../api/follows';
import { profileKeys } from '../../api/keys';

export function useProfile(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.detail(id ?? ''),
    queryFn: () => call(API.profiles.get, { params: { id: id ?? '' } }),
    enabled: !!id,
  });
}

/** Follow or unfollow; the profile shows the server's count once it answers. */
export function useFollow(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollow(profileId, follow),
    onSuccess: (result) =>
      client.setQueryData<PublicProfile>(
        profileKeys.detail(profileId),
        (p) => p && { ...p, isFollowing: result.following, followersCount: result.followersCount },
      ),
  });
}

// My name and photo show wherever I do (the header, my products, auctions, streams): every view is stale after a change.

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.profiles.update>) => call(API.profiles.update, { body }),
    onSuccess: async (saved) => {
      client.setQueryData(profileKeys.detail(saved.id), saved);
      await client.invalidateQueries();
    },
  });
}

export function useUploadPhoto(onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => {
      const form = new FormData();
      form.append('photo', photo);
      return call(API.profiles.photo, { form, onProgress });
    },
    onSuccess: () => client.invalidateQueries(),
  });
}

/** My tax details for invoices (issue 32): Settings' "Tax details". */
const taxDetailsKey = ['me', 'tax-details'] as const;

export function useTaxDetails() {
  return useQuery({ queryKey: taxDetailsKey, queryFn: () => call(API.profiles.taxDetails) });
}

export function useSaveTaxDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.profiles.saveTaxDetails>) => call(API.profiles.saveTaxDetails, { body }),
    onSuccess: (saved) => client.setQueryData(taxDetailsKey, saved),
  });
}
