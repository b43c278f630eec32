import { useEffect, useRef, useState } from 'react';
import { settlePushOffer } from '../../api/engagement';
import { useT } from '../../i18n';
import { useDevicePush } from './useDevicePush';
import './push.css';

/**
 * "Get notified on this phone" (issue 48), offered once, after a first bid, follow or reminder.
 * The browser's own prompt comes only from the tap. A device that cannot take push messages, or
 * already does, or refused them, is never asked.
 */
export default function PushOffer({ onClose }: { onClose(): void }) {
  const { t } = useT();
  const device = useDevicePush();
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const pointless = device.state === 'unsupported' || device.state === 'on' || device.state === 'blocked';
  useEffect(() => {
    if (done || !pointless) return;
    settlePushOffer();
    onClose();
  }, [done, pointless, onClose]);
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  if (device.state === 'checking' || (!done && pointless)) return null;

  async function yes() {
    await device.turnOn();
    // Asked once: whatever the answer, the offer is not made again here (Settings has the switch).
    settlePushOffer();
    setDone(true);
  }

  function notNow() {
    settlePushOffer();
    onClose();
  }

  return (
    <section className="push-offer card" aria-labelledby="push-offer-title" data-testid="push-offer">
      <h2 id="push-offer-title" className="push-offer__title" ref={heading} tabIndex={-1}>
        {t('push.offer.title')}
      </h2>
      {done ? (
        <>
          <p role="status" className={device.state === 'on' ? 'notice notice--ok' : 'notice notice--error'}>
            {device.state === 'on'
              ? t('push.offer.done')
              : device.state === 'blocked'
                ? t('push.device.blocked')
                : t('push.offer.failed')}
          </p>
          <div className="push-offer__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('push.offer.close')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="push-offer__body">{t('push.offer.body')}</p>
          <div className="push-offer__actions">
            <button type="button" className="btn btn--primary" disabled={device.busy} onClick={() => void yes()}>
              {t('push.offer.yes')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={notNow}>
              {t('push.offer.notNow')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
