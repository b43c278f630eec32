import { useEffect, useRef, useState } from 'react';
import { TEST_PREVIEW_MS } from '@souq/shared';
import { useT } from '../../../i18n';
import { captureCamera, mediaErrorText, stopMedia } from '../media';

/** 'Test Camera and Microphone': a 5-second preview, then the camera is released. */
export function CameraTest() {
  const i18n = useT();
  const { t } = i18n;
  const video = useRef<HTMLVideoElement>(null);
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!media) return;
    if (video.current) video.current.srcObject = media;
    const timer = setTimeout(() => setMedia(null), TEST_PREVIEW_MS);
    return () => {
      clearTimeout(timer);
      stopMedia(media);
    };
  }, [media]);

  return (
    <div className="camera-test">
      <button
        type="button"
        className="btn btn--ghost"
        disabled={media !== null}
        onClick={() => {
          setError(null);
          captureCamera().then(setMedia, (e: unknown) =>
            setError(t('live.setup.cameraError', { message: mediaErrorText((e as Error).message, i18n) })),
          );
        }}
      >
        {t('live.setup.testCamera')}
      </button>
      {media && (
        <video
          ref={video}
          className="camera-test__preview"
          autoPlay
          playsInline
          muted
          aria-label={t('live.setup.preview')}
          data-testid="camera-preview"
        />
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
