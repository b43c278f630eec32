import { useSocketStatus } from '../api/socket';
import { useT } from '../i18n';

/** Whether live updates are flowing: people trust a price more when they can see it is current. */
export function LiveStatus() {
  const status = useSocketStatus();
  const { t } = useT();
  if (status === 'idle') return null;
  return (
    <span className={`live-status live-status--${status}`} role="status" data-testid="live-status">
      <span className="live-status__dot" aria-hidden="true" />
      {status === 'connected' ? t('components.liveStatus.connected') : t('components.liveStatus.reconnecting')}
    </span>
  );
}
