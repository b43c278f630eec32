import { MSG } from '@souq/shared';
import { useT } from '../../../i18n';

/** What the browser could not find (a camera, a microphone), and a refresh for once one is plugged in. */
export function MissingDevices({ camera, microphone }: { camera: boolean; microphone: boolean }) {
  const { t, m } = useT();
  return (
    <div className="notice notice--error" role="alert" data-testid="missing-devices">
      <strong>{m(MSG.missingDevices)}</strong>
      <ul>
        {!camera && <li>{m(MSG.cameraMissing)}</li>}
        {!microphone && <li>{m(MSG.microphoneMissing)}</li>}
      </ul>
      <button type="button" className="btn btn--ghost" onClick={() => window.location.reload()}>
        {t('live.setup.refresh')}
      </button>
    </div>
  );
}
