import { useMemo } from 'react';
import { Link } from 'react-router';
import type { DashboardOrdersByStatus } from '@souq/shared';
import { useT } from '../../i18n';
import { useOrdersByStatus } from './api';
import { ChartCard, ChartEmpty } from './ChartCard';
import { count } from './format';
import { HBars } from './HBars';

function StatusPlot({ data }: { data: DashboardOrdersByStatus }) {
  const { t, locale } = useT();
  const [labels, values] = useMemo(
    () => [data.statuses.map((s) => t(`dashboard.status.${s.status}`)), data.statuses.map((s) => s.orders)],
    [data, t],
  );
  return <HBars labels={labels} values={values} name={t('dashboard.status.orders')} locale={locale} />;
}

/** How many of the seller's orders stand at each status. */
export function StatusChart() {
  const query = useOrdersByStatus();
  const { t, locale } = useT();
  return (
    <ChartCard
      id="statuses"
      title={t('dashboard.status.title')}
      query={query}
      isEmpty={(d) => d.statuses.every((s) => s.orders === 0)}
      empty={
        <ChartEmpty title={t('dashboard.status.empty')}>
          <Link to="/AddProduct" className="btn btn--primary">
            {t('dashboard.addProduct')}
          </Link>
        </ChartEmpty>
      }
      chart={(d) => <StatusPlot data={d} />}
      table={(d) => (
        <table className="chart-table">
          <caption>{t('dashboard.status.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.status.status')}</th>
              <th scope="col">{t('dashboard.status.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {d.statuses.map((s) => (
              <tr key={s.status}>
                <th scope="row">{t(`dashboard.status.${s.status}`)}</th>
                <td>{count(locale, s.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
