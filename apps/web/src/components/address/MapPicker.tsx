import { useEffect, useRef, useState } from 'react';
import { useMapStyle } from '../../api/map-style';
import { useT } from '../../i18n';
import type { PinMap } from './map-loader';

interface Props {
  latitude: string;
  longitude: string;
  onChange: (latitude: string, longitude: string) => void;
}

const coordinate = (value: number) => value.toFixed(6);

/**
 * The pin on a map (MapLibre GL, its code fetched only here) when the server names a style
 * (MAP_STYLE_URL); without one, or where the browser cannot draw it, nothing is drawn and
 * "Use my location" and the Makani number still do the work.
 */
export function MapPicker({ latitude, longitude, onChange }: Props) {
  const { t } = useT();
  const style = useMapStyle().data?.styleUrl ?? null;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<PinMap | null>(null);
  const [failed, setFailed] = useState(false);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  const pin = latitude && longitude ? { latitude: Number(latitude), longitude: Number(longitude) } : null;
  const first = useRef(pin);

  useEffect(() => {
    if (!style || !container.current) return;
    let gone = false;
    const element = container.current;
    import('./map-loader')
      .then(({ createPinMap }) => {
        if (gone) return;
        map.current = createPinMap(element, style, first.current, (lat, lng) =>
          change.current(coordinate(lat), coordinate(lng)),
        );
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      map.current?.remove();
      map.current = null;
    };
  }, [style]);

  useEffect(() => {
    if (pin) map.current?.setPin(pin.latitude, pin.longitude);
    // The pin's own numbers: a new pin from "Use my location" moves the map to it.
  }, [pin?.latitude, pin?.longitude]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!style || failed) return null;
  return (
    <div
      ref={container}
      className="map-picker"
      role="application"
      aria-label={t('orders.address.mapLabel')}
      data-testid="address-map"
    />
  );
}
