import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MSG } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { useRequireVerified } from '../features/auth/gates';
import { StreamLoadProblem } from '../features/live/StreamLoadProblem';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/api';
import { useStream, useStreamList } from '../features/live/api';
import { HostLive } from '../features/live/HostLive';
import { HostSetup } from '../features/live/HostSetup';
import { StreamSkeleton } from '../features/live/StreamSkeleton';

/**
 * /livestream-host: the form, then the live screen. The live stream's id goes into the address
 * (?stream=), so a reload comes back to the same stream instead of leaving it.
 */
function Host() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requireVerified = useRequireVerified();
  const [media, setMedia] = useState<MediaStream | null>(null);
  const streamId = params.get('stream');
  // Already live (another tab, or back from elsewhere): the way back to it, rather than a refused start.
  const list = useStreamList();
  const mine = list.data?.items.find((s) => s.status === 'live' && s.host.id === user?.id);

  if (!user) return null;
  if (!streamId) {
    return (
      <>
        <PageTitle subtitle="Stream from your camera, sell one of your products, and let viewers bid in the chat.">
          Go Live
        </PageTitle>
        {mine && (
          <p className="notice notice--info" data-testid="already-live">
            You are live now: <strong>{mine.title || MSG.untitledStream}</strong>.{' '}
            <Link to={`/livestream-host?stream=${mine.id}`} replace>
              Return to your stream
            </Link>
          </p>
        )}
        <HostSetup
          hostId={user.id}
          verified={user.emailVerified}
          onNeedVerify={() => void requireVerified()}
          onStarted={(id, m) => {
            setMedia(m);
            setParams({ stream: id }, { replace: true });
          }}
        />
      </>
    );
  }
  return <HostStream id={streamId} media={media} />;
}

function HostStream({ id, media }: { id: string; media: MediaStream | null }) {
  const query = useStream(id);
  if (query.isPending) return <StreamSkeleton />;
  if (query.isError) {
    return (
      <StreamLoadProblem
        error={query.error}
        retry={() => void query.refetch()}
        failedTitle="We could not load your stream."
        next={
          <Link to="/livestream-host" className="btn btn--primary">
            Start a new stream
          </Link>
        }
      />
    );
  }
  // Someone else's stream: watch it instead.
  if (!query.data.isHost) return <Navigate to={`/livestream/${id}`} replace />;
  return <HostLive key={id} stream={query.data} initialMedia={media} />;
}

export default function LiveHostPage() {
  return (
    <RequireAuth>
      <Host />
    </RequireAuth>
  );
}
