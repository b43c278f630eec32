import type { ReactNode } from 'react';
import { MSG, type StreamDetail } from '@souq/shared';
import { Avatar } from '../../components/Avatar';
import { PageTitle } from '../../components/PageTitle';
import { richT, useT } from '../../i18n';

/** A show's heading for its viewers (live or upcoming): the title, and who hosts it with the follow star. */
export function ShowHeader({ stream, follow }: { stream: StreamDetail; follow?: ReactNode }) {
  const { t, m } = useT();
  const title = stream.title.trim() || m(MSG.untitledStream);
  return (
    <header className="live__head">
      <PageTitle>{title}</PageTitle>
      <div className="live__host">
        <Avatar src={stream.host.profilePic} size={44} />
        <span>
          {richT(t, 'live.viewer.hostedBy', {
            host: (
              <strong data-testid="host-name">
                <bdi>{stream.host.username || m(MSG.anonymousHost)}</bdi>
              </strong>
            ),
          })}
        </span>
        {follow}
      </div>
    </header>
  );
}
