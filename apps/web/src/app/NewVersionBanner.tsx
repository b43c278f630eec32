import { useProtocolMismatch } from '../api/socket';
import { useT } from '../i18n';
import { useWaitingUpdate } from './waiting-update';

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
 * A new version's service worker waiting to take over (ADR 0058) is offered the same way: its
 * Reload lets it take over and reloads, on the new code; until then the open page keeps the code
 * it started with, so nothing changes under someone mid-bid.
 *
 * The status region is always in the page, empty until needed, so screen readers announce the
 * words when they appear rather than missing a region that arrives already filled.
 */
export function NewVersionBanner({ reload = () => window.location.reload() }: Props) {
  const mismatch = useProtocolMismatch();
  const update = useWaitingUpdate();
  const { t } = useT();
  // With a worker waiting, a plain reload would still run the old one: the new one takes over first.
  const offer = update ? () => void update() : mismatch === 'client-too-old' ? reload : null;
  return (
    <div className="version-banner" role="status" data-testid="version-banner">
      {!offer && mismatch === 'server-too-old' && <p className="version-banner__body">{t('app.serverUpdating')}</p>}
      {offer && (
        <p className="version-banner__body">
          <span>{t('app.newVersion')}</span>
          <button type="button" className="btn btn--primary btn--small version-banner__reload" onClick={offer}>
            {t('app.reload')}
          </button>
        </p>
      )}
    </div>
  );
}
