import { Link, useParams, useSearchParams } from 'react-router';
import { useStream } from '../features/streams/api';
import { DeleteReplay } from '../features/streams/replay/DeleteReplay';
import { ReplayPlayer } from '../features/streams/replay/ReplayPlayer';
import { useReplay } from '../features/streams/replay/api';
import { StreamLoadProblem } from '../features/streams/StreamLoadProblem';
import { StreamSkeleton } from '../features/streams/StreamSkeleton';
import { useT } from '../i18n';
import '../features/streams/replay/replay.css';

/** A show after it ended: its whole recording, with a chapter at each lot (issue 47). */
export default function ReplayPage() {
  const { t } = useT();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const stream = useStream(id);
  const replay = useReplay(id);

  if (stream.isPending || replay.isPending) return <StreamSkeleton />;
  if (stream.isError || replay.isError) {
    const missing = replay.isError && !stream.isError;
    return (
      <StreamLoadProblem
        error={missing ? replay.error : (stream.error ?? replay.error)!}
        retry={() => void (missing ? replay.refetch() : stream.refetch())}
        failedTitle={missing ? t('replay.none') : t('live.viewerPage.loadError')}
        next={
          <Link to="/live" className="btn btn--primary">
            {t('live.viewerPage.seeLive')}
          </Link>
        }
      />
    );
  }
  return (
    <article className="replay-page" data-testid="replay-page">
      <header className="replay-page__head">
        <h1>
          <bdi>{stream.data.title}</bdi>
        </h1>
        <p className="muted">{t('replay.by', { host: stream.data.host.username })}</p>
        {stream.data.isHost && <DeleteReplay streamId={id} />}
      </header>
      <ReplayPlayer replay={replay.data} startAt={search.get('chapter')} />
    </article>
  );
}
