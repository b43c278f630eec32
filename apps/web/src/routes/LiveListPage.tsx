import { Link } from 'react-router';
import { MSG } from '@souq/shared';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { PageTitle } from '../components/PageTitle';
import { useStreamList } from '../features/streams/api';
import { sortCards, sortUpcoming } from '../features/streams/live-state';
import { useUpcomingShows } from '../features/streams/show/api';
import { StreamCard, StreamCardSkeletons } from '../features/streams/StreamCard';
import { useLiveList } from '../features/streams/useLiveList';
import { useT } from '../i18n';
import '../features/streams/show/show.css';

export default function LiveListPage() {
  const { t, m } = useT();
  const list = useStreamList();
  const upcoming = useUpcomingShows();
  useLiveList();
  const soon = sortUpcoming(upcoming.data?.items ?? []);
  // Live and ended shows; a scheduled one the list may carry is shown under Upcoming instead.
  const now = list.data ? sortCards(list.data.items.filter((s) => s.status !== 'scheduled')) : [];

  return (
    <>
      <PageTitle subtitle={t('live.list.subtitle')}>{t('live.list.title')}</PageTitle>
      {soon.length > 0 && (
        <section aria-labelledby="upcoming-title" className="stream-section" data-testid="upcoming">
          <h2 id="upcoming-title">{t('live.list.upcoming')}</h2>
          <ul className="stream-grid" data-testid="upcoming-list">
            {soon.map((s) => (
              <li key={s.id}>
                <StreamCard stream={s} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.isPending ? (
        <StreamCardSkeletons />
      ) : list.isError ? (
        <ErrorState title={t('live.list.error')} message={m(list.error.message)} onRetry={() => void list.refetch()} />
      ) : now.length === 0 ? (
        <EmptyState title={m(MSG.noStreams)}>
          <p className="muted">{m(MSG.noStreamsHint)}</p>
          <div className="empty__actions">
            <Link to="/livestream-host" className="btn btn--primary">
              {t('live.goLive')}
            </Link>
          </div>
        </EmptyState>
      ) : (
        <section aria-labelledby={soon.length > 0 ? 'now-title' : undefined} className="stream-section">
          {soon.length > 0 && <h2 id="now-title">{t('live.list.now')}</h2>}
          <ul className="stream-grid" data-testid="stream-list">
            {now.map((s) => (
              <li key={s.id}>
                <StreamCard stream={s} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
