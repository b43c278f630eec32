import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicProfile } from '@souq/shared';
import { api } from '../../api/client';
import { profileKey } from './useProfile';

interface Props {
  profile: PublicProfile;
  /** The page's gate (verified email); false stops the click. */
  allowed: () => boolean;
  onGateError: (error: unknown) => boolean;
}

/** Follow ⇄ Unfollow; disabled with an ellipsis while the request is in flight (spec §4). */
export function FollowButton({ profile, allowed, onGateError }: Props) {
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (follow: boolean) => api<{ following: boolean; followersCount: number }>(`/api/users/${profile.id}/follow`, { method: follow ? 'PUT' : 'DELETE' }),
    onSuccess: (result) =>
      client.setQueryData<PublicProfile>(profileKey(profile.id), (p) => p && { ...p, isFollowing: result.following, followersCount: result.followersCount }),
    onError: (error) => {
      if (!onGateError(error)) console.warn('follow failed', error);
    },
  });
  if (profile.isMe) return null;
  return (
    <button
      type="button"
      className={profile.isFollowing ? 'btn btn--ghost' : 'btn btn--primary'}
      disabled={toggle.isPending}
      onClick={() => allowed() && toggle.mutate(!profile.isFollowing)}
    >
      {toggle.isPending ? '…' : profile.isFollowing ? 'Unfollow' : 'Follow'}
    </button>
  );
}
