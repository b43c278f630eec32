import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_RANGES, formatMoney, type DashboardRange, type DashboardSales, type Locale } from '@souq/shared';
import type uPlot from 'uplot';
import { Money } from '../../components/Money';
import { useT } from '../../i18n';
import { useSales } from './api';
import { ChartCard, ChartEmpty, Choice } from './ChartCard';
import { axis, bucketLabel, baseOptions, categoryScale, count, countAxis, moneyAxis } from './format';
import { CHART_COLORS, UChart, bars } from './UChart';

function SalesPlot({ sales, locale }: { sales: DashboardSales; locale: Locale }) {
  const { t } = useT();
  const [options, data] = useMemo(() => {
    const n = sales.buckets.length;
    const label = (i: number) => (sales.buckets[i] ? bucketLabel(sales.buckets[i].start, sales.by, locale) : '');
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      ...baseOptions(),
      scales: {
        x: categoryScale(n),
        aed: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
        n: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
      },
      series: [
        {},
        {
          label: t('dashboard.sales.revenue'),
          scale: 'aed',
          fill: CHART_COLORS.mainFill,
          stroke: CHART_COLORS.main,
          paths: bars(0.7),
          points: { show: false },
        },
        {
          label: t('dashboard.sales.orders'),
          scale: 'n',
          stroke: CHART_COLORS.second,
          width: 2,
          points: { show: n <= 12 },
        },
      ],
      axes: [
        axis({
          // Month names ("Sept 2026") need more room than days ("28 Nov").
          space: sales.by === 'month' ? 84 : 56,
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? label(i) : '')),
          incrs: [1, 2, 3, 5, 7, 10, 15],
        }),
        moneyAxis(locale),
        countAxis(locale),
      ],
    };
    const data: uPlot.AlignedData = [
      sales.buckets.map((_, i) => i),
      sales.buckets.map((b) => b.revenue),
      sales.buckets.map((b) => b.orders),
    ];
    return [options, data] as const;
  }, [sales, locale, t]);
  return <UChart options={options} data={data} />;
}

/** Sales and revenue over the last 30 days, 12 weeks or 12 months: revenue bars, orders as a line. */
export function SalesChart() {
  const [by, setBy] = useState<DashboardRange>('day');
  const query = useSales(by);
  const { t, locale } = useT();
  const ranges = DASHBOARD_RANGES.map((key) => ({ key, label: t(`dashboard.range.${key}`) }));
  return (
    <ChartCard
      id="sales"
      title={t('dashboard.sales.title')}
      controls={<Choice label={t('dashboard.range.label')} options={ranges} value={by} onChange={setBy} />}
      query={query}
      isEmpty={(d) => d.buckets.every((b) => b.orders === 0)}
      empty={
        <ChartEmpty title={t('dashboard.sales.empty')}>
          <Link to="/AddProduct" className="btn btn--primary">
            {t('dashboard.addProduct')}
          </Link>
        </ChartEmpty>
      }
      summary={(d) => (
        <p className="chart-card__summary">
          {t('dashboard.sales.total', {
            orders: count(
              locale,
              d.buckets.reduce((a, b) => a + b.orders, 0),
            ),
            revenue: formatMoney(
              d.buckets.reduce((a, b) => a + b.revenue, 0),
              locale,
            ),
          })}
        </p>
      )}
      chart={(d) => <SalesPlot sales={d} locale={locale} />}
      table={(d) => (
        <table className="chart-table">
          <caption>{t(`dashboard.sales.caption.${d.by}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.sales.period')}</th>
              <th scope="col">{t('dashboard.sales.orders')}</th>
              <th scope="col">{t('dashboard.sales.revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {d.buckets.map((b) => (
              <tr key={b.start}>
                <th scope="row">{bucketLabel(b.start, d.by, locale)}</th>
                <td>{count(locale, b.orders)}</td>
                <td>
                  <Money fils={b.revenue} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
