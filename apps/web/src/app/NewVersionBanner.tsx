import { useProtocolMismatch } from '../api/socket';
import { useT } from '../i18n';

interface Props {
  /** What the button does; the page's own reload unless a test says otherwise. */
  reload?: () => void;
}

/**
 * A tab left open across a deploy runs the old bundle against the new server: once the socket
 * says hello with a newer protocol version, or refuses the tab as too old, the old page may
 * misread what it is sent. The person is told, politely, and reloads when it suits them (mid-bid
 * or mid-message is their call). A tab newer than the instance it reached (mid-deploy) is told
 * live updates pause; the socket asks again by itself.
 *
 * The status region is always in the page, empty until needed, so screen readers announce the
 * words when they appear rather than missing a region that arrives already filled.
 */
export function NewVersionBanner({ reload = () => window.location.reload() }: Props) {
  const mismatch = useProtocolMismatch();
  const { t } = useT();
  return (
    <div className="version-banner" role="status" data-testid="version-banner">
      {mismatch === 'server-too-old' && <p className="version-banner__body">{t('app.serverUpdating')}</p>}
      {mismatch === 'client-too-old' && (
        <p className="version-banner__body">
          <span>{t('app.newVersion')}</span>
          <button type="button" className="btn btn--primary btn--small version-banner__reload" onClick={reload}>
            {t('app.reload')}
          </button>
        </p>
      )}
    </div>
  );
}
