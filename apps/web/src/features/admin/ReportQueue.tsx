import { useState } from 'react';
import { Link } from 'react-router';
import type { ReportAction, ReportGroup } from '@souq/shared';
import { formatGulfShort } from '../../components/dates';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { ActionDialog } from './ActionDialog';
import { useReportQueue } from './api';
import { ACTION, actionsFor, KIND, REASON } from './words';
import { PersonName } from '../../components/PersonName';

/** Open reports, one card per thing reported, with the thing in context and what staff can do about it. */
export function ReportQueue() {
  const { t } = useT();
  const queue = useReportQueue();
  if (queue.isPending)
    return (
      <div role="status" aria-label={t('admin.loading')} className="admin-groups">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="admin-group admin-group--skeleton" height={140} />
        ))}
      </div>
    );
  if (queue.isError)
    return (
      <ErrorState title={t('admin.reports.error')} message={queue.error.message} onRetry={() => void queue.refetch()} />
    );
  if (queue.data.groups.length === 0)
    return (
      <EmptyState title={t('admin.reports.empty')}>
        <p className="muted">{t('admin.reports.emptyHint')}</p>
        <Link className="btn btn--ghost" to="/admin/audit">
          {t('admin.nav.audit')}
        </Link>
      </EmptyState>
    );
  return (
    <ul className="admin-groups">
      {queue.data.groups.map((group) => (
        <li key={`${group.thing.kind} ${group.thing.id}`}>
          <GroupCard group={group} />
        </li>
      ))}
    </ul>
  );
}

function GroupCard({ group }: { group: ReportGroup }) {
  const { t, locale } = useT();
  const { thing, reports } = group;
  const [acting, setActing] = useState<ReportAction | null>(null);
  const subject = thing.gone ? t('admin.gone') : thing.title;
  return (
    <article className="admin-group card" data-testid="report-group" aria-labelledby={`g-${thing.id}`}>
      <header className="admin-group__head">
        {thing.image && <img className="admin-group__image" src={thing.image} alt="" width={64} height={64} />}
        <div className="admin-group__what">
          <span className="admin-group__kind">{t(KIND[thing.kind])}</span>
          <h3 id={`g-${thing.id}`} dir="auto">
            {thing.link && !thing.gone ? <Link to={thing.link}>{subject}</Link> : subject}
          </h3>
          {thing.owner && (
            <p className="muted">
              {t('admin.by')}{' '}
              <Link to={`/MyAccount/${thing.owner.id}`} dir="auto">
                <PersonName username={thing.owner.username} />
              </Link>
            </p>
          )}
          {thing.rating !== null && <p className="muted">{t('admin.rating', { rating: thing.rating })}</p>}
          {thing.hiddenAt && <p className="admin-group__hidden">{t('admin.alreadyHidden')}</p>}
        </div>
      </header>
      {thing.around.length > 0 && (
        <ol className="admin-chat" aria-label={t('admin.chatAround')}>
          {thing.around.map((line) => (
            <li
              key={line.id}
              className={line.reported ? 'admin-chat__line admin-chat__line--reported' : 'admin-chat__line'}
            >
              <strong dir="auto">{line.username}</strong>{' '}
              <span dir="auto">{line.deleted ? t('admin.removedLine') : line.text}</span>
            </li>
          ))}
        </ol>
      )}
      <h4 className="admin-group__count">{t('admin.reportCount', { count: reports.length, n: reports.length })}</h4>
      <ul className="admin-reports">
        {reports.map((r) => (
          <li key={r.id}>
            <strong>{t(REASON[r.reason])}</strong> · <span dir="auto">{r.reporter}</span> ·{' '}
            <time dateTime={r.createdAt}>{formatGulfShort(r.createdAt, locale)}</time>
            {r.text && (
              <p className="admin-reports__text" dir="auto">
                {r.text}
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="admin-group__actions">
        {actionsFor(thing.kind, thing.gone).map((action) => (
          <button
            key={action}
            type="button"
            className={`btn ${action === 'dismiss' ? 'btn--ghost' : 'btn--danger'}`}
            aria-haspopup="dialog"
            onClick={() => setActing(action)}
          >
            {t(ACTION[action])}
          </button>
        ))}
      </div>
      {acting && (
        <ActionDialog reportId={reports[0]!.id} action={acting} subject={subject} onClose={() => setActing(null)} />
      )}
    </article>
  );
}
