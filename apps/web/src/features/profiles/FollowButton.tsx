import type { PublicProfile } from '@souq/shared';
import { useGateErrorHandler } from '../../components/gate-errors';
import { useT } from '../../i18n';
import { useFollow } from './api';

interface Props {
  profile: PublicProfile;
  /** The page's gate (verified email); false stops the click. */
  allowed: () => boolean;
  /** A star (the live viewer's header) instead of the Follow/Unfollow button. */
  star?: boolean;
}

/** Follow ⇄ Unfollow; disabled with an ellipsis while the request is in flight, so a double tap is one follow. */
export function FollowButton({ profile, allowed, star }: Props) {
  const { t } = useT();
  const answerGate = useGateErrorHandler();
  const toggle = useFollow(profile.id);
  const flip = () =>
    toggle.mutate(!profile.isFollowing, {
      onError: (error) => {
        if (!answerGate(error)) console.warn('follow failed', error);
      },
    });
  if (profile.isMe) return null;
  if (star) {
    return (
      <button
        type="button"
        className={`follow-star${profile.isFollowing ? ' follow-star--on' : ''}`}
        aria-pressed={profile.isFollowing}
        aria-label={t('profiles.followName', { name: profile.username })}
        disabled={toggle.isPending}
        onClick={() => allowed() && flip()}
        data-testid="follow-star"
      >
        {toggle.isPending ? (
          '…'
        ) : (
          <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
            <path
              fill={profile.isFollowing ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
              d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3z"
            />
          </svg>
        )}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={profile.isFollowing ? 'btn btn--ghost' : 'btn btn--primary'}
      disabled={toggle.isPending}
      onClick={() => allowed() && flip()}
    >
      {toggle.isPending ? '…' : profile.isFollowing ? t('profiles.unfollow') : t('profiles.follow')}
    </button>
  );
}
