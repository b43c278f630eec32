import { useEffect, useRef } from 'react';
import { formatGulfDateTime } from '../../../components/dates';
import { useT } from '../../../i18n';
import { useGoLive } from '../host-api';

/**
 * A scheduled show, opened by its host: when it is announced for, and the one button that takes it
 * live (the camera is asked for once it is). Focus starts on that button: it is why the host came.
 */
export function GoLivePanel({ streamId, scheduledFor }: { streamId: string; scheduledFor: string | null }) {
  const { t, m, locale } = useT();
  const goLive = useGoLive(streamId);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="notice notice--info go-live" data-testid="go-live-panel">
      {scheduledFor && (
        <p>
          <strong>{t('host.scheduled.title', { time: m(formatGulfDateTime(scheduledFor, locale)) })}</strong>
        </p>
      )}
      <p>{t('host.scheduled.body')}</p>
      <button
        ref={button}
        type="button"
        className="btn btn--primary btn--block"
        disabled={goLive.isPending}
        onClick={() => goLive.mutate()}
        data-testid="go-live"
      >
        {t('host.scheduled.goLive')}
      </button>
      {goLive.error && (
        <p className="form-error" role="alert">
          {m(goLive.error.message)}
        </p>
      )}
    </div>
  );
}
