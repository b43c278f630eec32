import { PROTOCOL_VERSION } from '@souq/shared';
import { useServerProtocolVersion } from '../api/socket';
import { useT } from '../i18n';

interface Props {
  /** What the button does; the page's own reload unless a test says otherwise. */
  reload?: () => void;
}

/**
 * A tab left open across a deploy runs the old bundle against the new server: once the socket
 * says hello with another protocol version, the old page may misread what it is sent. The person
 * is told, politely, and reloads when it suits them (mid-bid or mid-message is their call).
 *
 * The status region is always in the page, empty until needed, so screen readers announce the
 * words when they appear rather than missing a region that arrives already filled.
 */
export function NewVersionBanner({ reload = () => window.location.reload() }: Props) {
  const serverVersion = useServerProtocolVersion();
  const { t } = useT();
  const outdated = serverVersion !== null && serverVersion !== PROTOCOL_VERSION;
  return (
    <div className="version-banner" role="status" data-testid="version-banner">
      {outdated && (
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
