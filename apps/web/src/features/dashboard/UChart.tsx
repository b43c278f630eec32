import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

/** A chart's height in pixels: the skeleton shown while it loads is the same, so nothing jumps. */
export const CHART_HEIGHT = 240;

/** The palette of DESIGN.md: brand teal for the main figure, amber for the one beside it. */
export const CHART_COLORS = { main: '#0f766e', mainFill: 'rgba(15, 118, 110, 0.75)', second: '#d97706' };

/** Bars of width `share` of a slot, shifted to one side of the tick (-1, 1) to stand two side by side. */
export const bars = (share: number, align: -1 | 0 | 1 = 0) => uPlot.paths.bars!({ size: [share, 64], align });

/**
 * One uPlot chart, as wide as its container (ResizeObserver) and CHART_HEIGHT tall. uPlot draws
 * on a canvas, which a screen reader cannot read: the canvas is hidden from it, and every chart
 * comes with a table of its numbers (ChartCard). `options` is made again whenever the data or the
 * language changes, and the chart with it (a dashboard chart holds at most a few hundred points).
 */
export function UChart({
  options,
  data,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current!;
    const width = () => Math.max(200, Math.floor(el.clientWidth));
    const chart = new uPlot({ ...options, width: width(), height: CHART_HEIGHT }, data, el);
    const resized = new ResizeObserver(() => chart.setSize({ width: width(), height: CHART_HEIGHT }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  // Time and amounts run left to right in either language, as on every chart Arabic readers see
  // (ADR 0043); the page around it, its title and its table are right to left.
  return <div ref={box} className="uchart" dir="ltr" aria-hidden="true" data-testid="chart-canvas" />;
}
