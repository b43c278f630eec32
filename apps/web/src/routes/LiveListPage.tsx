import { Link } from 'react-router';
import { MSG } from '@souq/shared';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { PageTitle } from '../components/PageTitle';
import { useStreamList } from '../features/live/api';
import { sortCards } from '../features/live/live-state';
import { StreamCard, StreamCardSkeletons } from '../features/live/StreamCard';
import { useLiveList } from '../features/live/useLiveList';
import { useT } from '../i18n';

export default function LiveListPage() {
  const { t, m } = useT();
  const list = useStreamList();
  useLiveList();

  return (
    <>
      <PageTitle subtitle={t('live.list.subtitle')}>{t('live.list.title')}</PageTitle>
      {list.isPending ? (
        <StreamCardSkeletons />
      ) : list.isError ? (
        <ErrorState title={t('live.list.error')} message={m(list.error.message)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={m(MSG.noStreams)}>
          <p className="muted">{m(MSG.noStreamsHint)}</p>
          <div className="empty__actions">
            <Link to="/livestream-host" className="btn btn--primary">
              {t('live.goLive')}
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
