import { useState } from 'react';
import { mapsLink } from '@souq/shared';
import { useT } from '../../i18n';
import { MapPicker } from './MapPicker';

interface Props {
  latitude: string;
  longitude: string;
  onChange: (latitude: string, longitude: string) => void;
  error?: string;
}

type Asking = 'idle' | 'asking' | 'refused';

/**
 * The pin a courier's maps app opens: "Use my location" asks the browser only when pressed
 * (never on arrival), and the pin can be removed again.
 */
export function LocationField({ latitude, longitude, onChange, error }: Props) {
  const { t, m } = useT();
  const [asking, setAsking] = useState<Asking>('idle');
  const pinned = latitude !== '' && longitude !== '';

  function locate() {
    if (!('geolocation' in navigator)) return setAsking('refused');
    setAsking('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setAsking('idle');
        // Six decimals is about 10 cm: more than a door needs, and what a maps link carries.
        onChange(position.coords.latitude.toFixed(6), position.coords.longitude.toFixed(6));
      },
      () => setAsking('refused'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  }

  return (
    <fieldset className={`field location-field${error ? ' field--invalid' : ''}`}>
      <legend>{t('orders.address.location')}</legend>
      {pinned ? (
        <p className="location-field__pin" data-testid="address-pin">
          <span dir="ltr">
            {Number(latitude).toFixed(5)}, {Number(longitude).toFixed(5)}
          </span>{' '}
          <a
            href={mapsLink({ latitude: Number(latitude), longitude: Number(longitude) })}
            target="_blank"
            rel="noreferrer"
          >
            {t('orders.address.openInMaps')}
          </a>
        </p>
      ) : (
        <p className="field__hint">{t('orders.address.locationHint')}</p>
      )}
      <div className="location-field__actions">
        <button type="button" className="btn btn--ghost" onClick={locate} disabled={asking === 'asking'}>
          {asking === 'asking' ? t('orders.address.locating') : t('orders.address.useMyLocation')}
        </button>
        {pinned && (
          <button type="button" className="btn btn--ghost" onClick={() => onChange('', '')}>
            {t('orders.address.removePin')}
          </button>
        )}
      </div>
      <MapPicker latitude={latitude} longitude={longitude} onChange={onChange} />
      {asking === 'refused' && (
        <small className="field__error" role="status">
          {t('orders.address.locationRefused')}
        </small>
      )}
      {error && (
        <small className="field__error" role="alert">
          {m(error)}
        </small>
      )}
    </fieldset>
  );
}
