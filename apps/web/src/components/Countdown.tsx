import { MSG } from '@souq/shared';
import { useT } from '../i18n';
import { formatTimeLeft, milestoneOf, urgencyOf } from './time-left';
import { useSecondsLeft } from './useSecondsLeft';

interface Props {
  endsAt: string;
  /** The page's main countdown tells screen readers about the last hour, minutes and seconds. */
  announce?: boolean;
  className?: string;
  testId?: string;
}

/** Time left until endsAt on the server's clock, ticking every second; 'Auction ended' at zero. */
export function Countdown({ endsAt, announce, className, testId }: Props) {
  const left = useSecondsLeft(endsAt);
  const { m, locale } = useT();
  if (left === null) return <span className={className}>{m(MSG.invalidDate)}</span>;
  return (
    <>
      {/* role=timer is not announced on every change, which is what we want for a ticking clock. */}
      <span
        className={`countdown countdown--${urgencyOf(left)}${className ? ` ${className}` : ''}`}
        role="timer"
        data-testid={testId}
      >
        {left > 0 ? formatTimeLeft(left, locale) : m(MSG.auctionEnded)}
      </span>
      {announce && (
        <span className="sr-only" aria-live="polite">
          {milestoneOf(left, locale)}
        </span>
      )}
    </>
  );
}
