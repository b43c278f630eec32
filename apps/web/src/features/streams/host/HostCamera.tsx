import type { RefObject } from 'react';
import type { StreamDetail } from '@souq/shared';
import { richT, useT } from '../../../i18n';
import { mediaErrorText } from '../media';
import { TimeLeft } from '../TimeLeft';

interface Props {
  stream: StreamDetail;
  ended: boolean;
  /** The others in the room; null until the server says. */
  watching: number | null;
  /** The most viewers a mesh show sends to; null when the video goes through a server. */
  maxViewers: number | null;
  video: { count: number; full: boolean; error: string | null };
  localRef: RefObject<HTMLVideoElement | null>;
  mediaError: string | null;
}

/** The live show's bar (viewers and time left), the host's own camera, and a mesh that is full. */
export function HostCamera({ stream, ended, watching, maxViewers, video, localRef, mediaError }: Props) {
  const i18n = useT();
  const { t } = i18n;
  return (
    <>
      <div className="live__bar">
        <span data-testid="viewer-count">
          {richT(t, 'live.host.viewers', { n: <strong>{watching ?? '–'}</strong> }, { count: watching ?? 0 })}
          {maxViewers !== null && !ended && (
            <span className="muted"> {t('live.host.receiving', { count: video.count })}</span>
          )}
        </span>
        <span className="live__clock">
          <span className="sr-only">{t('live.timeLeft')} </span>
          <TimeLeft endsAt={stream.endsAt} ended={ended} style="host" testId="host-countdown" />
        </span>
      </div>
      <div className="live__video">
        <video ref={localRef} autoPlay playsInline muted aria-label={t('live.host.camera')} data-testid="local-video" />
        {(mediaError || video.error) && !ended && (
          <p className="live__overlay" role="alert">
            {mediaErrorText(mediaError ?? video.error ?? '', i18n)}
          </p>
        )}
      </div>
      {video.full && maxViewers !== null && !ended && (
        <p className="notice notice--warn" role="status" data-testid="mesh-full">
          {t('live.host.full', { max: maxViewers })}
        </p>
      )}
    </>
  );
}
