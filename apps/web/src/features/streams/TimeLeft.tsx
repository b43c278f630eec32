import { MSG } from '@souq/shared';
import { urgencyOf } from '../../components/time-left';
import { useSecondsLeft } from '../../components/useSecondsLeft';
import { useT } from '../../i18n';
import { formatMMSS, minSec } from './live-state';

interface Props {
  endsAt: string;
  ended: boolean;
  /** 'list': 'Xm Ys left'; 'host': 'Xm Ys', then 'Bidding ended'; 'viewer': MM:SS. */
  style: 'list' | 'host' | 'viewer';
  testId?: string;
}

/** A stream's time left on the server's clock, coloured like every countdown (urgencyOf: 3 and 1 minutes; grey when over). */
export function TimeLeft({ endsAt, ended, style, testId }: Props) {
  const { t, m } = useT();
  const seconds = useSecondsLeft(endsAt);
  const left = ended ? 0 : (seconds ?? 0);
  const text =
    style === 'viewer'
      ? formatMMSS(left)
      : left === 0
        ? style === 'host'
          ? m(MSG.biddingEnded)
          : t('live.time.ended')
        : t(style === 'list' ? 'live.time.list' : 'live.time.host', minSec(left));
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
