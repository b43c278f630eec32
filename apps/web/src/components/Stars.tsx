import type { CSSProperties } from 'react';
import { useT } from '../i18n';

/** The star display is capped at 5 (and never below 0), whatever the stored number says. */
export function clampRating(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(5, Math.max(0, value));
}

/** Five stars filled to the (fractional) rating, e.g. 4.3 fills four and a third. */
export function Stars({ value, size = 18, className }: { value: number; size?: number; className?: string }) {
  const { t } = useT();
  const rating = clampRating(value);
  const shown = Math.round(rating * 10) / 10;
  return (
    <span
      className={`stars${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={t('components.stars.label', { rating: String(shown) })}
      data-value={shown}
      style={{ '--star-size': `${size}px` } as CSSProperties}
    >
      <span className="stars__fill" style={{ width: `${(rating / 5) * 100}%` }} data-testid="stars-fill" />
    </span>
  );
}
