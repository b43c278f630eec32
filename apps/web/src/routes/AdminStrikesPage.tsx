import { Link } from 'react-router';
import { MSG } from '@souq/shared';
import { Avatar } from '../components/Avatar';
import { formatGulfDate, formatGulfDateTime } from '../components/dates';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { PageTitle } from '../components/PageTitle';
import { Skeleton } from '../components/Skeleton';
import { useSession } from '../features/auth/api';
import { useStruckPeople } from '../features/strikes/api';
import { useT } from '../i18n';

/**
 * Staff's list of people with unpaid-item strikes (issue 31), at /admin/strikes. The server answers
 * only staff (403 otherwise); this page says so rather than asking.
 */
export default function AdminStrikesPage() {
  const { t, m, locale } = useT();
  const { user, loading } = useSession();
  const staff = user?.staff === true;
  const people = useStruckPeople(staff);

  let body;
  if (loading || (staff && people.isPending)) {
    body = (
      <div aria-busy="true" aria-label={t('wins.admin.loading')}>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </div>
    );
  } else if (!staff) {
    body = <EmptyState title={m(MSG.staffOnly)} />;
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

  return (
    <section className="page">
      <PageTitle>{t('wins.admin.title')}</PageTitle>
      <p className="muted">{t('wins.admin.intro')}</p>
      {body}
    </section>
  );
}
