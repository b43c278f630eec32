import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { useDeliveryStats } from './api';
import './delivery.css';

/** The seller's dashboard (issue 46): attempts, first-attempt success and refusals, week by week. */
export function DeliveryStatsPanel() {
  const { t } = useT();
  const stats = useDeliveryStats();
  let body;
  if (stats.isPending) body = <Skeleton height={160} />;
  else if (stats.isError) body = <ErrorState title={t('delivery.stats.error')} onRetry={() => void stats.refetch()} />;
  else if (stats.data.weeks.length === 0) body = <EmptyState title={t('delivery.stats.empty')} />;
  else
    body = (
      <table className="delivery-weeks" data-testid="delivery-weeks">
        <thead>
          <tr>
            <th scope="col">{t('delivery.stats.week')}</th>
            <th scope="col">{t('delivery.stats.attempts')}</th>
            <th scope="col">{t('delivery.stats.firstTime')}</th>
            <th scope="col">{t('delivery.stats.refusals')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.data.weeks.map((w) => (
            <tr key={w.weekStart}>
              <td dir="ltr">{w.weekStart}</td>
              <td>{w.attempts}</td>
              <td>
                {w.firstAttempts ? `${Math.round((100 * w.firstAttemptDelivered) / w.firstAttempts)}%` : '—'}{' '}
                <span className="muted">
                  ({w.firstAttemptDelivered}/{w.firstAttempts})
                </span>
              </td>
              <td>{w.refusals}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section className="card" aria-labelledby="delivery-stats-title" data-testid="delivery-stats">
      <h2 id="delivery-stats-title">{t('delivery.stats.title')}</h2>
      {body}
    </section>
  );
}
