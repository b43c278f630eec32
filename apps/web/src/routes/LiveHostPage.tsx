import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MSG } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { useRequireVerified } from '../features/auth/gates';
import { StreamLoadProblem } from '../features/streams/StreamLoadProblem';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/api';
import { useStream, useStreamList } from '../features/streams/api';
import { useMyScheduledShows } from '../features/streams/host-api';
import { formatGulfDateTime } from '../components/dates';
import { HostLive } from '../features/streams/HostLive';
import { HostSetup } from '../features/streams/HostSetup';
import { StreamSkeleton } from '../features/streams/StreamSkeleton';
import { richT } from '../i18n';
import { useT } from '../i18n';

/**
 * /livestream-host: the form, then the live screen. The live stream's id goes into the address
 * (?stream=), so a reload comes back to the same stream instead of leaving it.
 */
function Host() {
  const { t, m, locale } = useT();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requireVerified = useRequireVerified();
  const [media, setMedia] = useState<MediaStream | null>(null);
  const streamId = params.get('stream');
  // Already live (another tab, or back from elsewhere): the way back to it, rather than a refused start.
  const list = useStreamList();
  const mine = list.data?.items.find((s) => s.status === 'live' && s.host.id === user?.id);
  // Scheduled shows come back here to go live.
  const scheduled = useMyScheduledShows(user?.id ?? '');

  if (!user) return null;
  if (!streamId) {
    return (
      <>
        <PageTitle subtitle={t('live.hostPage.subtitle')}>{t('live.goLive')}</PageTitle>
        {mine && (
          <p className="notice notice--info" data-testid="already-live">
            {richT(t, 'live.hostPage.alreadyLive', {
              title: (
                <strong>
                  <bdi>{mine.title || m(MSG.untitledStream)}</bdi>
                </strong>
              ),
              link: (
                <Link to={`/livestream-host?stream=${mine.id}`} replace>
                  {t('live.hostPage.returnToStream')}
                </Link>
              ),
            })}
          </p>
        )}
        {scheduled.data?.map((show) => (
          <p key={show.id} className="notice notice--info" data-testid="my-scheduled-show">
            {richT(t, 'host.page.scheduled', {
              title: (
                <strong>
                  <bdi>{show.title || m(MSG.untitledStream)}</bdi>
                </strong>
              ),
              time: m(formatGulfDateTime(show.scheduledFor ?? show.startedAt, locale)),
              link: <Link to={`/livestream-host?stream=${show.id}`}>{t('host.page.open')}</Link>,
            })}
          </p>
        ))}
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
  const { t } = useT();
  const query = useStream(id);
  if (query.isPending) return <StreamSkeleton />;
  if (query.isError) {
    return (
      <StreamLoadProblem
        error={query.error}
        retry={() => void query.refetch()}
        failedTitle={t('live.hostPage.loadError')}
        next={
          <Link to="/livestream-host" className="btn btn--primary">
            {t('live.hostPage.newStream')}
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
    <RequireAuth notice={MSG.streamLoginRequired}>
      <Host />
    </RequireAuth>
  );
}
