import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_TOP_BY, type DashboardTopBy, type DashboardTopProducts } from '@souq/shared';
import { useT } from '../../i18n';
import { useTopProducts } from './api';
import { ChartCard, ChartEmpty, Choice } from './ChartCard';
import { count } from './format';
import { HBars } from './HBars';

function TopPlot({ data }: { data: DashboardTopProducts }) {
  const { t, locale } = useT();
  const [labels, values] = useMemo(
    () => [data.products.map((p) => p.title), data.products.map((p) => p.value)],
    [data],
  );
  return <HBars labels={labels} values={values} name={t(`dashboard.top.value.${data.by}`)} locale={locale} />;
}

/** The seller's ten best products by page views (30 days), likes or units sold. */
export function TopProductsChart() {
  const [by, setBy] = useState<DashboardTopBy>('views');
  const query = useTopProducts(by);
  const { t, locale } = useT();
  const choices = DASHBOARD_TOP_BY.map((key) => ({ key, label: t(`dashboard.top.by.${key}`) }));
  return (
    <ChartCard
      id="top-products"
      title={t('dashboard.top.title')}
      controls={<Choice label={t('dashboard.top.byLabel')} options={choices} value={by} onChange={setBy} />}
      query={query}
      isEmpty={(d) => d.products.length === 0}
      empty={
        <ChartEmpty title={t(`dashboard.top.empty.${by}`)}>
          <Link to="/AddProduct" className="btn btn--primary">
            {t('dashboard.addProduct')}
          </Link>
        </ChartEmpty>
      }
      chart={(d) => <TopPlot data={d} />}
      table={(d) => (
        <table className="chart-table">
          <caption>{t(`dashboard.top.caption.${d.by}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.top.product')}</th>
              <th scope="col">{t(`dashboard.top.value.${d.by}`)}</th>
            </tr>
          </thead>
          <tbody>
            {d.products.map((p) => (
              <tr key={p.productId}>
                <th scope="row">
                  <Link to={`/product/${p.productId}`}>{p.title}</Link>
                </th>
                <td>{count(locale, p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
