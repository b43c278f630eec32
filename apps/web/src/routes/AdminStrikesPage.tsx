import { Link } from 'react-router';
import { AdminLayout } from '../app/AdminLayout';
import { Avatar } from '../components/Avatar';
import { formatGulfDate, formatGulfDateTime } from '../components/dates';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { Skeleton } from '../components/Skeleton';
import { useStruckPeople } from '../features/wins/api';
import { useT } from '../i18n';

/**
 * Staff's list of people with unpaid-item strikes (issue 31), at /admin/strikes, in the staff
 * pages' frame, which tells anyone else that it is for staff (the server answers them 403).
 */
export default function AdminStrikesPage() {
  const { t } = useT();
  return (
    <AdminLayout title={t('wins.admin.title')}>
      <p className="muted">{t('wins.admin.intro')}</p>
      <StruckPeople />
    </AdminLayout>
  );
}

function StruckPeople() {
  const { t, locale } = useT();
  const people = useStruckPeople(true);

  let body;
  if (people.isPending) {
    body = (
      <div aria-busy="true" aria-label={t('wins.admin.loading')}>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </div>
    );
  } else if (people.isError) {
    body = <ErrorState title={t('wins.admin.error')} onRetry={() => void people.refetch()} />;
  } else if (!people.data?.people.length) {
    body = <EmptyState title={t('wins.admin.empty')} />;
  } else {
    body = (
      <ul className="struck-people" data-testid="struck-people">
        {people.data.people.map((p) => (
          <li key={p.user.id} className="card struck-person" data-testid="struck-person">
            <Link to={`/MyAccount/${p.user.id}`} className="struck-person__who">
              <Avatar src={p.user.profilePic} size={44} />
              <bdi>{p.user.username}</bdi>
            </Link>
            <dl className="product-details">
              <div className="product-details__row">
                <dt>{t('wins.admin.strikes')}</dt>
                <dd>{p.strikes}</dd>
              </div>
              <div className="product-details__row">
                <dt>{t('wins.admin.lastStrike')}</dt>
                <dd>{formatGulfDateTime(p.lastStrikeAt, locale)}</dd>
              </div>
              <div className="product-details__row">
                <dt>{t('wins.admin.suspendedUntil')}</dt>
                <dd>{p.suspendedUntil ? formatGulfDate(p.suspendedUntil, locale) : t('wins.admin.notSuspended')}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }

  return body;
}
