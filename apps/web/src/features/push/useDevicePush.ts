import { useCallback, useEffect, useState } from 'react';
import { devicePush, turnOff, turnOn, type DevicePush } from './device';

/** This device's push state, and turning it on or off; `failed` when the last attempt did not go through. */
export function useDevicePush() {
  const [state, setState] = useState<DevicePush | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    devicePush().then(
      (found) => live && setState(found),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = useCallback(async (to: () => Promise<DevicePush>) => {
    setBusy(true);
    setFailed(false);
    try {
      const found = await to();
      setState(found);
      return found;
    } catch {
      setFailed(true);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, failed, turnOn: () => change(turnOn), turnOff: () => change(turnOff) };
}
