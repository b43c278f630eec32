import { useEffect, useState } from 'react';
import { MSG } from '@souq/shared';
import type { Translate } from '../../i18n';

/** The start of every capture failure's message; the rest is ours (MSG) or the browser's own words. */
const ACCESS_FAILED = 'Camera/microphone access failed: ';

/** A capture is tried at 1280x720 and 30 fps first, then with plain settings, so a weaker camera still works. */
export async function captureCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error(`${ACCESS_FAILED}${MSG.noVideoCamera}`);
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
      audio: true,
    });
  } catch {
    try {
      return await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    } catch (error) {
      throw new Error(`${ACCESS_FAILED}${(error as Error).message || (error as Error).name}`);
    }
  }
}

/** The host start's device rules: a video track, and a microphone too. */
export async function captureHostMedia(): Promise<MediaStream> {
  const media = await captureCamera();
  const problem =
    media.getVideoTracks().length === 0
      ? MSG.noVideoCamera
      : media.getAudioTracks().length === 0
        ? MSG.streamDevicesMissing
        : null;
  if (problem) {
    stopMedia(media);
    throw new Error(problem);
  }
  return media;
}

export const stopMedia = (media: MediaStream | null | undefined) => media?.getTracks().forEach((t) => t.stop());

export interface DeviceCheck {
  checked: boolean;
  camera: boolean;
  microphone: boolean;
}

/** Whether this device has a camera and a microphone at all (before asking for them). */
export function useDeviceCheck(): DeviceCheck {
  const [check, setCheck] = useState<DeviceCheck>({ checked: false, camera: true, microphone: true });
  useEffect(() => {
    let alive = true;
    const run = async () => {
      try {
        const devices = await navigator.mediaDevices.enumerateDevices();
        if (alive)
          setCheck({
            checked: true,
            camera: devices.some((d) => d.kind === 'videoinput'),
            microphone: devices.some((d) => d.kind === 'audioinput'),
          });
      } catch {
        if (alive) setCheck({ checked: true, camera: false, microphone: false });
      }
    };
    void run();
    return () => {
      alive = false;
    };
  }, []);
  return check;
}

/**
 * A capture failure in the reader's language: our prefix and MSG words translated, the browser's
 * own reason (already in the browser's language) kept as it is.
 */
export function mediaErrorText(message: string, { t, m }: { t: Translate; m: (text: string) => string }): string {
  return message.startsWith(ACCESS_FAILED)
    ? t('live.media.failed', { reason: m(message.slice(ACCESS_FAILED.length)) })
    : m(message);
}
