import type { CSSProperties } from 'react';
import { useT } from '../i18n';

/** A grey placeholder block, shaped like what is loading, so the page does not jump when it arrives. */
export function Skeleton({
  width,
  height,
  className,
  style,
}: {
  width?: string | number;
  height?: string | number;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      className={`skeleton${className ? ` ${className}` : ''}`}
      style={{ width, height, ...style }}
      aria-hidden="true"
    />
  );
}

/** A grid of placeholder cards the size of product and auction cards. */
export function SkeletonCards({ count = 8, label }: { count?: number; label: string }) {
  const { m } = useT();
  return (
    <div className="product-grid" role="status" aria-label={m(label)} data-testid="skeleton-cards">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="link-card product-card product-card--skeleton" aria-hidden="true">
          <Skeleton className="product-card__media" />
          <div className="product-card__body">
            <Skeleton width="40%" height={12} />
            <Skeleton width="90%" height={16} />
            <Skeleton width="60%" height={16} />
            <Skeleton width="50%" height={20} style={{ marginTop: 8 }} />
          </div>
        </div>
      ))}
    </div>
  );
}
