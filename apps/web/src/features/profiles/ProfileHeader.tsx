import type { ReactNode } from 'react';
import type { PublicProfile } from '@souq/shared';

export function ProfileHeader({ profile, actions }: { profile: PublicProfile; actions?: ReactNode }) {
  return (
    <section className="profile" aria-label="Profile">
      <img
        className="profile__photo"
        src={profile.profilePic}
        alt={`${profile.username}'s photo`}
        width={112}
        height={112}
      />
      <div>
        <div className="profile__name">
          <h1>{profile.username}</h1>
          {actions}
        </div>
        <div className="profile__counts">
          <div>
            <strong data-testid="posts-count">{profile.postsCount}</strong>
            <span>Posts</span>
          </div>
          <div>
            <strong data-testid="followers-count">{profile.followersCount}</strong>
            <span>Followers</span>
          </div>
          <div>
            <strong data-testid="following-count">{profile.followingCount}</strong>
            <span>Following</span>
          </div>
        </div>
        {profile.bio && <p className="profile__bio">{profile.bio}</p>}
        {profile.contactEmail && (
          <p className="muted">
            Contact: <a href={`mailto:${profile.contactEmail}`}>{profile.contactEmail}</a>
          </p>
        )}
      </div>
    </section>
  );
}
