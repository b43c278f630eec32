import type { ReactNode } from 'react';
import type { UserBrief } from '@souq/shared';

/** One person in a host panel's list (viewers, moderators): the name, then the row's buttons. */
export function PersonRow({ user, testId, children }: { user: UserBrief; testId: string; children: ReactNode }) {
  return (
    <li className="host-list__item" data-testid={testId}>
      <span className="host-list__main">
        <bdi>{user.username}</bdi>
      </span>
      {children}
    </li>
  );
}
