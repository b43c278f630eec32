import { Link } from 'react-router';
import { MSG } from '@souq/shared';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { PageTitle } from '../components/PageTitle';
import { useStreamList } from '../features/live/api';
import { sortCards } from '../features/live/live-state';
import { StreamCard, StreamCardSkeletons } from '../features/live/StreamCard';
import { useLiveList } from '../features/live/useLiveList';

export default function LiveListPage() {
  const list = useStreamList();
  useLiveList();

  return (
    <>
      <PageTitle subtitle="Watch sellers live, chat, and bid in real time.">Live Auctions</PageTitle>
      {list.isPending ? (
        <StreamCardSkeletons />
      ) : list.isError ? (
        <ErrorState
          title="We could not load the live auctions."
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={MSG.noStreams}>
          <p className="muted">{MSG.noStreamsHint}</p>
          <div className="empty__actions">
            <Link to="/livestream-host" className="btn btn--primary">
              Go Live
            </Link>
          </div>
        </EmptyState>
      ) : (
        <ul className="stream-grid" data-testid="stream-list">
          {sortCards(list.data.items).map((s) => (
            <li key={s.id}>
              <StreamCard stream={s} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
