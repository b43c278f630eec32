import { Link, useParams } from 'react-router';
import { SellerStanding } from '../features/aftersale/SellerStanding';
import { useRequireLogin, useRequireVerified } from '../features/auth/gates';
import { useSession } from '../features/auth/api';
import { ReportButton } from '../features/reports/ReportButton';
import { useStream } from '../features/streams/api';
import { StreamSkeleton } from '../features/streams/StreamSkeleton';
import { StreamLoadProblem } from '../features/streams/StreamLoadProblem';
import { UpcomingShow } from '../features/streams/show/UpcomingShow';
import { ViewerStream } from '../features/streams/ViewerStream';
import { FollowButton } from '../features/profiles/FollowButton';
import { useProfile } from '../features/profiles/api';
import { useT } from '../i18n';

/** The follow star for the host; FollowButton hides itself from the host. */
function FollowHost({ hostId }: { hostId: string }) {
  const { user } = useSession();
  const profile = useProfile(user ? hostId : undefined);
  const requireVerified = useRequireVerified();
  if (!user || !profile.data) return null;
  return <FollowButton profile={profile.data} allowed={requireVerified} star />;
}

export default function LiveViewerPage() {
  const { t } = useT();
  const { id = '' } = useParams();
  const query = useStream(id);
  const { user } = useSession();
  const requireVerified = useRequireVerified();
  const requireLogin = useRequireLogin();

  if (query.isPending) return <StreamSkeleton />;
  if (query.isError) {
    return (
      <StreamLoadProblem
        error={query.error}
        retry={() => void query.refetch()}
        failedTitle={t('live.viewerPage.loadError')}
        next={
          <Link to="/live" className="btn btn--primary">
            {t('live.viewerPage.seeLive')}
          </Link>
        }
      />
    );
  }
  const stream = query.data;
  const me = user ? { id: user.id, verified: user.emailVerified } : null;
  // The host's standing as a seller (issue 31) sits beside the follow star.
  const follow = (
    <>
      <SellerStanding sellerId={stream.host.id} />
      {stream.isHost ? null : <FollowHost hostId={stream.host.id} />}
    </>
  );
  // A scheduled show is its announcement until the host goes live; the socket's news flips it in place.
  if (stream.status === 'scheduled') {
    return (
      <UpcomingShow
        key={stream.id}
        stream={stream}
        me={me}
        follow={follow}
        requireLogin={requireLogin}
        requireVerified={requireVerified}
      />
    );
  }
  return (
    <ViewerStream
      key={stream.id}
      stream={stream}
      me={me}
      follow={follow}
      onNeedVerify={() => void requireVerified()}
      requireVerified={requireVerified}
      lineActions={(line) =>
        me && line.user.id !== me.id ? <ReportButton kind="message" id={line.id} compact /> : null
      }
    />
  );
}
