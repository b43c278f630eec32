import { useMemo } from 'react';
import { Link } from 'react-router';
import type { DashboardShows, Locale } from '@souq/shared';
import type uPlot from 'uplot';
import { formatGulfDate } from '../../components/dates';
import { Money } from '../../components/Money';
import { useT } from '../../i18n';
import { useShows } from './api';
import { ChartCard, ChartEmpty } from './ChartCard';
import { axis, baseOptions, categoryScale, count, countAxis, gulfDayShort, moneyAxis } from './format';
import { CHART_COLORS, UChart, bars } from './UChart';

/** Each show, oldest to newest: its takings as a bar, its peak viewers as a line on their own scale. */
function ShowsPlot({ shows, locale }: { shows: DashboardShows['shows']; locale: Locale }) {
  const { t } = useT();
  const [options, data] = useMemo(() => {
    const inOrder = [...shows].reverse();
    const fromZero: uPlot.Scale = { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] };
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      ...baseOptions(),
      scales: { x: categoryScale(inOrder.length), aed: fromZero, n: fromZero },
      series: [
        {},
        {
          label: t('dashboard.shows.takings'),
          scale: 'aed',
          fill: CHART_COLORS.mainFill,
          stroke: CHART_COLORS.main,
          paths: bars(0.6),
          points: { show: false },
        },
        {
          label: t('dashboard.shows.peak'),
          scale: 'n',
          stroke: CHART_COLORS.second,
          width: 2,
          points: { show: true, size: 7 },
        },
      ],
      axes: [
        axis({
          space: 56,
          incrs: [1, 2, 3, 4, 6],
          values: (_u, splits) =>
            splits.map((i) => (Number.isInteger(i) && inOrder[i] ? gulfDayShort(inOrder[i].startedAt, locale) : '')),
        }),
        moneyAxis(locale),
        countAxis(locale),
      ],
    };
    const data: uPlot.AlignedData = [
      inOrder.map((_, i) => i),
      inOrder.map((s) => s.takings),
      inOrder.map((s) => s.peakViewers),
    ];
    return [options, data] as const;
  }, [shows, locale, t]);
  return <UChart options={options} data={data} />;
}

/** The seller's live shows: peak viewers, lots sold and takings per show. */
export function ShowsChart() {
  const query = useShows();
  const { t, locale } = useT();
  return (
    <ChartCard
      id="shows"
      title={t('dashboard.shows.title')}
      query={query}
      isEmpty={(d) => d.shows.length === 0}
      empty={
        <ChartEmpty title={t('dashboard.shows.empty')}>
          <Link to="/livestream-host" className="btn btn--primary">
            {t('dashboard.shows.goLive')}
          </Link>
        </ChartEmpty>
      }
      chart={(d) => <ShowsPlot shows={d.shows} locale={locale} />}
      table={(d) => (
        <table className="chart-table">
          <caption>{t('dashboard.shows.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.shows.show')}</th>
              <th scope="col">{t('dashboard.shows.started')}</th>
              <th scope="col">{t('dashboard.shows.peak')}</th>
              <th scope="col">{t('dashboard.shows.lots')}</th>
              <th scope="col">{t('dashboard.shows.takings')}</th>
            </tr>
          </thead>
          <tbody>
            {d.shows.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.title}</th>
                <td>{formatGulfDate(s.startedAt, locale)}</td>
                <td>{count(locale, s.peakViewers)}</td>
                <td>{t('dashboard.shows.lotsOf', { sold: count(locale, s.lotsSold), lots: count(locale, s.lots) })}</td>
                <td>
                  <Money fils={s.takings} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
