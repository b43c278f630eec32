import { useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { MSG, type StreamDetail } from '@souq/shared';
import { richT, useT } from '../../i18n';
import type { ViewerVideoState } from './video/types';
import { STATUS_TEXT } from './viewer-status';

interface Props {
  stream: StreamDetail;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The end's heading, which takes focus when the stream ends. */
  endedRef: RefObject<HTMLHeadingElement | null>;
  state: ViewerVideoState;
  ended: boolean;
  shut: string | null;
  won: boolean;
}

/** The host's video, with what covers it: the unmute button, the connection's state, and the end. */
export function ViewerPlayer({ stream, videoRef, endedRef, state, ended, shut, won }: Props) {
  const { t, m } = useT();
  const [muted, setMuted] = useState(false);
  return (
    <div className="live__video">
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted={muted}
        data-testid="stream-video"
        aria-label={t('live.viewer.video', { host: stream.host.username })}
        onLoadedMetadata={(e) => {
          // Browsers refuse sound before the first tap: play muted rather than not at all.
          const v = e.currentTarget;
          v.play().catch(() => {
            v.muted = true;
            setMuted(true);
            v.play().catch(() => undefined);
          });
        }}
      />
      {muted && !ended && (
        <button type="button" className="btn btn--light live__unmute" onClick={() => setMuted(false)}>
          {t('live.viewer.unmute')}
        </button>
      )}
      {!ended && !shut && state !== 'live' && (
        <div className="live__overlay" aria-hidden="true">
          {m(STATUS_TEXT[state])}
        </div>
      )}
      {ended && (
        <div className="live__ended" data-testid="stream-ended">
          <h2 ref={endedRef} tabIndex={-1}>
            {m(MSG.streamEnded)}
          </h2>
          {won ? (
            <p>
              {richT(t, 'live.viewer.youWon', {
                link: <Link to="/MyAccount?tab=orders">{t('live.viewer.completeOrder')}</Link>,
              })}
            </p>
          ) : (
            <Link to="/live-auction" className="btn btn--primary">
              {t('live.viewer.return')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
