import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../../components/ErrorState';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { CHART_HEIGHT } from './UChart';

/**
 * One chart of the dashboard: its title and controls, then, by the state of its query, a skeleton
 * the chart's size, an error with Retry, an empty state with a next step, or the chart with its
 * numbers as a table (`table`) under a disclosure, which a screen reader and a phone can open.
 */
export function ChartCard<T>({
  id,
  title,
  controls,
  query,
  isEmpty,
  empty,
  summary,
  chart,
  table,
}: {
  id: string;
  title: string;
  controls?: ReactNode;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  summary?: (data: T) => ReactNode;
  chart: (data: T) => ReactNode;
  table: (data: T) => ReactNode;
}) {
  const { t } = useT();
  const data = query.data;
  return (
    <section className="chart-card" aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <div className="chart-card__head">
        <h2 id={`${id}-title`}>{title}</h2>
        {controls}
      </div>
      {data === undefined ? (
        query.isError ? (
          <ErrorState title={t('dashboard.error')} onRetry={() => void query.refetch()} />
        ) : (
          <div role="status" aria-label={t('dashboard.loading')}>
            <Skeleton height={CHART_HEIGHT} className="chart-card__skeleton" />
          </div>
        )
      ) : isEmpty(data) ? (
        empty
      ) : (
        <>
          {summary?.(data)}
          {chart(data)}
          <details className="chart-card__numbers">
            <summary>{t('dashboard.showNumbers')}</summary>
            <div className="chart-card__table">{table(data)}</div>
          </details>
        </>
      )}
    </section>
  );
}

/** An empty chart's words and its next step. */
export function ChartEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return <EmptyState title={title}>{children}</EmptyState>;
}

/** Buttons choosing one of a few views of a chart (days, weeks, months; views, likes, sales). */
export function Choice<K extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ key: K; label: string }>;
  value: K;
  onChange: (key: K) => void;
}) {
  return (
    <div className="chart-choice" role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          className="chart-choice__option"
          aria-pressed={o.key === value}
          onClick={() => onChange(o.key)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
