import { MSG, type StreamDetail } from '@souq/shared';
import { SoundToggle } from '../../components/SoundToggle';
import { useT } from '../../i18n';
import { TimeLeft } from './TimeLeft';
import type { ViewerVideoState } from './video/types';
import { STATUS_TEXT } from './viewer-status';

interface Props {
  stream: StreamDetail;
  ended: boolean;
  /** Why this viewer no longer watches (removed from the stream), if so. */
  shut: string | null;
  state: ViewerVideoState;
  /** Everyone in the room, this viewer included; null until the server says. */
  viewers: number | null;
}

/** Above the video: the connection, the time left, how many others watch, and the sound switch. */
export function ViewerBar({ stream, ended, shut, state, viewers }: Props) {
  const { t, m } = useT();
  const watching = viewers === null ? 0 : Math.max(0, viewers - 1);
  return (
    <div className="live__bar">
      <span className={`conn conn--${ended ? 'ended' : state}`} role="status" data-testid="connection-status">
        <span className="conn__dot" aria-hidden="true" />
        {ended ? m(MSG.streamEnded) : shut ? t('live.viewer.notWatching') : m(STATUS_TEXT[state])}
      </span>
      <span className="live__clock">
        <span className="sr-only">{t('live.timeLeft')} </span>
        <TimeLeft endsAt={stream.endsAt} ended={stream.status === 'ended'} style="viewer" testId="viewer-countdown" />
      </span>
      {viewers !== null && (
        <span className="muted live__viewers">
          {t('live.viewer.watching', { count: watching, n: String(watching) })}
        </span>
      )}
      <SoundToggle />
    </div>
  );
}
