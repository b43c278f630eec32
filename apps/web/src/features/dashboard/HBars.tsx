import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Locale } from '@souq/shared';
import { axis, baseOptions, categoryScale, categoryTicks, count, short } from './format';
import { CHART_COLORS, UChart, bars } from './UChart';

/**
 * Horizontal bars, one per named category, the first at the top: the names (a status, a product's
 * title) read across the chart's side (whole numbers: orders, views, likes, units), which a phone's narrow width could not fit under upright bars.
 */
export function HBars({
  labels,
  values,
  name,
  locale,
}: {
  labels: string[];
  values: number[];
  name: string;
  locale: Locale;
}) {
  const [options, data] = useMemo(() => {
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      ...baseOptions(),
      scales: {
        // Vertical, counting downwards: the first category is at the top, as a list reads.
        x: { ...categoryScale(labels.length), ori: 1, dir: -1 },
        y: { ori: 0, range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
      },
      series: [
        {},
        {
          label: name,
          fill: CHART_COLORS.mainFill,
          stroke: CHART_COLORS.main,
          paths: bars(0.7),
          points: { show: false },
        },
      ],
      axes: [
        axis({
          side: 3,
          size: 120,
          grid: { show: false },
          ...categoryTicks(labels.length, (i) => short(labels[i] ?? '')),
        }),
        axis({
          side: 2,
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? count(locale, v) : '')),
        }),
      ],
    };
    return [options, [labels.map((_, i) => i), values] as uPlot.AlignedData] as const;
  }, [labels, values, name, locale]);
  return <UChart options={options} data={data} />;
}
