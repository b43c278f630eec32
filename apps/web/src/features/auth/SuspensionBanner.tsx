import { formatGulfDateTime } from '../../components/dates';
import { useT } from '../../i18n';
import { useSession } from './api';

/**
 * A person staff suspended sees why and until when on every page (issue 31); the refusals at
 * selling, bidding and chatting point here. The server's clock ends it: the session says null then.
 */
export function SuspensionBanner() {
  const { t, locale } = useT();
  const { user } = useSession();
  const suspension = user?.suspension;
  if (!suspension) return null;
  return (
    <div className="verify-banner suspension-banner" role="status" data-testid="suspension-banner">
      <strong>{t('auth.suspended', { date: formatGulfDateTime(suspension.until, locale) })}</strong>
      <span dir="auto">{t('auth.suspendedReason', { reason: suspension.reason })}</span>
    </div>
  );
}
