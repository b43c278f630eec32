import type { ReactNode } from 'react';
import type { PublicProfile } from '@souq/shared';
import { useT } from '../../i18n';
import { PersonName } from '../../components/PersonName';

export function ProfileHeader({ profile, actions }: { profile: PublicProfile; actions?: ReactNode }) {
  const { t } = useT();
  return (
    <section className="profile" aria-label={t('profiles.region')}>
      <img
        className="profile__photo"
        src={profile.profilePic}
        alt={t('profiles.photoOf', { name: profile.username })}
        width={112}
        height={112}
      />
      <div>
        <div className="profile__name">
          <h1>
            <PersonName username={profile.username} />
          </h1>
          {actions}
        </div>
        <div className="profile__counts">
          <div>
            <strong data-testid="posts-count">{profile.postsCount}</strong>
            <span>{t('profiles.posts', { count: profile.postsCount })}</span>
          </div>
          <div>
            <strong data-testid="followers-count">{profile.followersCount}</strong>
            <span>{t('profiles.followers', { count: profile.followersCount })}</span>
          </div>
          <div>
            <strong data-testid="following-count">{profile.followingCount}</strong>
            <span>{t('profiles.following', { count: profile.followingCount })}</span>
          </div>
        </div>
        {profile.bio && (
          <p className="profile__bio" dir="auto">
            {profile.bio}
          </p>
        )}
        {profile.contactEmail && (
          <p className="muted">
            {t('profiles.contact')}{' '}
            <a href={`mailto:${profile.contactEmail}`}>
              <bdi>{profile.contactEmail}</bdi>
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
