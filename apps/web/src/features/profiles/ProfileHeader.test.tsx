import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale, PublicProfile } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { ProfileHeader } from './ProfileHeader';

const profile = (counts: Pick<PublicProfile, 'postsCount' | 'followersCount' | 'followingCount'>): PublicProfile => ({
  id: '0c654725-4848-448a-9607-100261226096',
  username: 'amira',
  profilePic: '/images/default-avatar.svg',
  bio: '',
  contactEmail: 'amira@souq.test',
  createdAt: '2026-11-22T00:00:00.000Z',
  isMe: false,
  isFollowing: false,
  ...counts,
});

const label = (testId: string) => screen.getByTestId(testId).nextElementSibling?.textContent;

function renderCounts(followersCount: number, locale: Locale) {
  renderInLocale(<ProfileHeader profile={profile({ postsCount: 1, followersCount, followingCount: 2 })} />, {
    locale,
  });
}

describe('the profile header', () => {
  afterEach(cleanup);

  it('keeps its English words', () => {
    renderCounts(1, 'en');
    expect(label('posts-count')).toBe('Posts');
    expect(label('followers-count')).toBe('Followers');
    expect(label('following-count')).toBe('Following');
    expect(screen.getByText('Contact:', { exact: false }).textContent).toBe('Contact: amira@souq.test');
    expect(screen.getByAltText("amira's photo")).toBeTruthy();
  });

  it.each([
    [0, 'متابِع'],
    [1, 'متابِع'],
    [2, 'متابِعان'],
    [3, 'متابِعين'],
    [11, 'متابِعًا'],
    [100, 'متابِع'],
  ])('says %i followers with the Arabic plural form', (count, word) => {
    renderCounts(count, 'ar');
    expect(screen.getByTestId('followers-count').textContent).toBe(String(count));
    expect(label('followers-count')).toBe(word);
    expect(label('following-count')).toBe('متابَعان');
    expect(label('posts-count')).toBe('منشور');
    expect(screen.getByRole('region', { name: 'الملف الشخصي' })).toBeTruthy();
  });
});
