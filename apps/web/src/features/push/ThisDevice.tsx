import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { useDevicePush } from './useDevicePush';

/** Whether this device gets push messages, and the switch for it. */
export function ThisDevice() {
  const { t } = useT();
  const device = useDevicePush();
  const words =
    device.state === 'on'
      ? t('push.device.on')
      : device.state === 'blocked'
        ? t('push.device.blocked')
        : device.state === 'unsupported'
          ? t('push.device.unsupported')
          : t('push.device.off');
  return (
    <div className="push-device" data-testid="this-device">
      <div>
        <h3 className="push-device__title">{t('push.device.title')}</h3>
        <p className="muted" role="status">
          {device.state === 'checking' ? <Skeleton width="16em" height={16} /> : words}
        </p>
        {device.failed && (
          <p className="notice notice--error" role="alert">
            {t('push.offer.failed')}
          </p>
        )}
      </div>
      {device.state === 'off' && (
        <button type="button" className="btn btn--primary" disabled={device.busy} onClick={() => void device.turnOn()}>
          {t('push.offer.yes')}
        </button>
      )}
      {device.state === 'on' && (
        <button type="button" className="btn btn--ghost" disabled={device.busy} onClick={() => void device.turnOff()}>
          {t('push.device.turnOff')}
        </button>
      )}
    </div>
  );
}
