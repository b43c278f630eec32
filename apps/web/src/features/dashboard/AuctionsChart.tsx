import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { DashboardAuctions, DashboardAuctionBids, Locale } from '@souq/shared';
import type uPlot from 'uplot';
import { formatGulfDate, formatGulfShort } from '../../components/dates';
import { Money } from '../../components/Money';
import { useT } from '../../i18n';
import { useAuctionBids, useDashboardAuctions } from './api';
import { ChartCard, ChartEmpty } from './ChartCard';
import { axis, baseOptions, categoryScale, compact, count, gulfDayShort, gulfDayTime, percent } from './format';
import { CHART_COLORS, UChart, bars } from './UChart';

const amountAxis = (locale: Locale) =>
  axis({ size: 48, values: (_u, splits) => splits.map((v) => compact(locale, v / 100)) });
const fromZero: uPlot.Scale = { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] };

/** The latest ended auctions, oldest to newest: the starting bid and the final bid side by side. */
function HammerPlot({ auctions, locale }: { auctions: DashboardAuctions['recent']; locale: Locale }) {
  const { t } = useT();
  const [options, data] = useMemo(() => {
    const inOrder = [...auctions].reverse();
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      ...baseOptions(),
      scales: { x: categoryScale(inOrder.length), y: fromZero },
      series: [
        {},
        {
          label: t('dashboard.auctions.starting'),
          fill: '#cbd2d9',
          stroke: '#9aa5b1',
          paths: bars(0.35, -1),
          points: { show: false },
        },
        {
          label: t('dashboard.auctions.final'),
          fill: CHART_COLORS.mainFill,
          stroke: CHART_COLORS.main,
          paths: bars(0.35, 1),
          points: { show: false },
        },
      ],
      axes: [
        axis({
          space: 56,
          incrs: [1, 2, 5, 10],
          values: (_u, splits) =>
            splits.map((i) => (Number.isInteger(i) && inOrder[i] ? gulfDayShort(inOrder[i].closedAt, locale) : '')),
        }),
        amountAxis(locale),
      ],
    };
    const data: uPlot.AlignedData = [
      inOrder.map((_, i) => i),
      inOrder.map((a) => a.startingBid),
      inOrder.map((a) => a.finalBid ?? 0),
    ];
    return [options, data] as const;
  }, [auctions, locale, t]);
  return <UChart options={options} data={data} />;
}

/** One auction's bids over time: each bid a point, the price stepping up between them. */
function BidsPlot({ bids, locale }: { bids: DashboardAuctionBids; locale: Locale }) {
  const { t } = useT();
  const [options, data] = useMemo(() => {
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      ...baseOptions(),
      // Room on the right for the last tick's label, which is centred on its tick.
      padding: [12, 40, 0, 0],
      scales: { x: { time: false }, y: fromZero },
      series: [
        {},
        { label: t('dashboard.bids.amount'), stroke: CHART_COLORS.main, width: 2, points: { show: true, size: 7 } },
      ],
      axes: [
        axis({
          space: 100,
          values: (_u, splits) => splits.map((s) => gulfDayTime(new Date(s * 1000).toISOString(), locale)),
        }),
        amountAxis(locale),
      ],
    };
    const xs = bids.bids.map((b) => Date.parse(b.at) / 1000);
    const ys: Array<number | null> = bids.bids.map((b) => b.amount);
    // A lone bid (or bids in one second) would get uPlot's range of zero to twice its time: an
    // empty hour either side gives it a readable axis instead.
    const data: uPlot.AlignedData =
      xs[0] === xs.at(-1)
        ? [
            [xs[0]! - 3600, ...xs, xs[0]! + 3600],
            [null, ...ys, null],
          ]
        : [xs, ys];
    return [options, data] as const;
  }, [bids, locale, t]);
  return <UChart options={options} data={data} />;
}

/** Bids over time for the auction the seller picks from the latest ones. */
function AuctionBids({ auctions }: { auctions: DashboardAuctions['recent'] }) {
  const { t, locale } = useT();
  const withBids = auctions.filter((a) => a.bids > 0);
  const [picked, setPicked] = useState<string | null>(withBids[0]?.id ?? null);
  const query = useAuctionBids(picked);
  const selectId = useId();
  if (withBids.length === 0) return null;
  return (
    <ChartCard
      id="bids"
      title={t('dashboard.bids.title')}
      controls={
        <label className="chart-pick" htmlFor={selectId}>
          <span>{t('dashboard.bids.pick')}</span>
          <select id={selectId} value={picked ?? ''} onChange={(e) => setPicked(e.target.value)}>
            {withBids.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </label>
      }
      query={query}
      isEmpty={(d) => d.bids.length === 0}
      empty={<ChartEmpty title={t('dashboard.bids.empty')} />}
      chart={(d) => <BidsPlot bids={d} locale={locale} />}
      table={(d) => (
        <table className="chart-table">
          <caption>{t('dashboard.bids.caption', { title: d.title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.bids.time')}</th>
              <th scope="col">{t('dashboard.bids.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {d.bids.map((b, i) => (
              <tr key={i}>
                <th scope="row">{formatGulfShort(b.at, locale)}</th>
                <td>
                  <Money fils={b.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/** Sell-through and hammer against starting bid for the latest ended auctions, then one auction's bids. */
export function AuctionsChart() {
  const query = useDashboardAuctions();
  const { t, locale } = useT();
  return (
    <>
      <ChartCard
        id="auctions"
        title={t('dashboard.auctions.title')}
        query={query}
        isEmpty={(d) => d.ended === 0}
        empty={
          <ChartEmpty title={t('dashboard.auctions.empty')}>
            <Link to="/MyAccount?tab=products" className="btn btn--primary">
              {t('dashboard.auctions.start')}
            </Link>
          </ChartEmpty>
        }
        summary={(d) => (
          <p className="chart-card__summary" data-testid="sell-through">
            {t('dashboard.auctions.sellThrough', {
              rate: percent(locale, d.sold / d.ended),
              sold: count(locale, d.sold),
              ended: count(locale, d.ended),
            })}
          </p>
        )}
        chart={(d) => <HammerPlot auctions={d.recent} locale={locale} />}
        table={(d) => (
          <table className="chart-table">
            <caption>{t('dashboard.auctions.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.auctions.auction')}</th>
                <th scope="col">{t('dashboard.auctions.ended')}</th>
                <th scope="col">{t('dashboard.auctions.starting')}</th>
                <th scope="col">{t('dashboard.auctions.final')}</th>
                <th scope="col">{t('dashboard.auctions.result')}</th>
              </tr>
            </thead>
            <tbody>
              {d.recent.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.title}</th>
                  <td>{formatGulfDate(a.closedAt, locale)}</td>
                  <td>
                    <Money fils={a.startingBid} />
                  </td>
                  <td>{a.finalBid === null ? '—' : <Money fils={a.finalBid} />}</td>
                  <td>{t(a.sold ? 'dashboard.auctions.sold' : 'dashboard.auctions.unsold')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      />
      {query.data && <AuctionBids auctions={query.data.recent} />}
    </>
  );
}
