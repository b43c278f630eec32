import type { CSSProperties } from 'react';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Spec §9: the star display is capped at 5 (and never below 0), whatever the stored number says. */
export function clampRating(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(5, Math.max(0, value));
}

function Row() {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={STAR} />
        </svg>
      ))}
    </>
  );
}

/** Five stars filled to the (fractional) rating, e.g. 4.3 fills four and a third. */
export function Stars({ value, size = 18, className }: { value: number; size?: number; className?: string }) {
  const rating = clampRating(value);
  const shown = Math.round(rating * 10) / 10;
  return (
    <span
      className={`stars${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={`Rated ${shown} out of 5`}
      data-value={shown}
      style={{ '--star-size': `${size}px` } as CSSProperties}
    >
      <span className="stars__base">
        <Row />
      </span>
      <span className="stars__fill" style={{ width: `${(rating / 5) * 100}%` }} data-testid="stars-fill">
        <Row />
      </span>
    </span>
  );
}
