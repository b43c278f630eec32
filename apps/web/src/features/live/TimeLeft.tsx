import { MSG } from '@souq/shared';
import { urgencyOf } from '../../components/countdown';
import { useSecondsLeft } from '../../components/useSecondsLeft';
import { formatMinSec, formatMMSS } from './live-state';

interface Props {
  endsAt: string;
  ended: boolean;
  /** 'list': 'Xm Ys left'; 'host': 'Xm Ys', then 'Bidding ended'; 'viewer': MM:SS. */
  style: 'list' | 'host' | 'viewer';
  testId?: string;
}

/** A stream's time left on the server's clock, coloured like every countdown (urgencyOf: 3 and 1 minutes; grey when over). */
export function TimeLeft({ endsAt, ended, style, testId }: Props) {
  const seconds = useSecondsLeft(endsAt);
  const left = ended ? 0 : (seconds ?? 0);
  const text =
    style === 'viewer'
      ? formatMMSS(left)
      : left === 0
        ? style === 'host'
          ? MSG.biddingEnded
          : 'Ended'
        : `${formatMinSec(left)}${style === 'list' ? ' left' : ''}`;
  return (
    <span
      className={`countdown countdown--${urgencyOf(left)} time-left time-left--${style}`}
      role="timer"
      data-testid={testId}
    >
      {text}
    </span>
  );
}
