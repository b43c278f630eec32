import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { UAE_BOUNDS } from '@souq/shared';

// The bundle moves the worker away from where MapLibre looks for it beside its own file.
maplibregl.setWorkerUrl(workerUrl);

export interface PinMap {
  setPin(latitude: number, longitude: number): void;
  remove(): void;
}

/** Dubai, where most addresses are, when there is no pin yet. */
const START = { longitude: 55.2708, latitude: 25.2048 };

/**
 * A map in `container` kept inside the UAE: a tap drops the pin there, and the pin can be dragged.
 * Throws where the browser cannot draw it (no WebGL): the form then goes on without a map.
 */
export function createPinMap(
  container: HTMLElement,
  style: string,
  pin: { latitude: number; longitude: number } | null,
  onPin: (latitude: number, longitude: number) => void,
): PinMap {
  const at = pin ?? START;
  const map = new maplibregl.Map({
    container,
    style,
    center: [at.longitude, at.latitude],
    zoom: pin ? 15 : 10,
    maxBounds: [
      [UAE_BOUNDS.west, UAE_BOUNDS.south],
      [UAE_BOUNDS.east, UAE_BOUNDS.north],
    ],
    attributionControl: { compact: true },
  });
  const marker = new maplibregl.Marker({ draggable: true, color: '#0f766e' });
  let added = false;
  const put = (latitude: number, longitude: number) => {
    marker.setLngLat([longitude, latitude]);
    if (!added) marker.addTo(map);
    added = true;
  };
  if (pin) put(pin.latitude, pin.longitude);
  map.on('click', (e) => {
    put(e.lngLat.lat, e.lngLat.lng);
    onPin(e.lngLat.lat, e.lngLat.lng);
  });
  marker.on('dragend', () => {
    const { lat, lng } = marker.getLngLat();
    onPin(lat, lng);
  });
  return {
    setPin: (latitude, longitude) => {
      put(latitude, longitude);
      map.easeTo({ center: [longitude, latitude], zoom: Math.max(map.getZoom(), 15) });
    },
    remove: () => map.remove(),
  };
}
