import { call } from '../../api/client';
import { API } from '../../api/contract';

/**
 * This browser's push subscription (issue 48). Push needs a service worker, the Push API and
 * notifications: every current browser on a phone, and Safari on iOS 16.4+ once Souq is on the
 * Home Screen.
 */
export type DevicePush = 'unsupported' | 'blocked' | 'off' | 'on';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * The worker's registration, once active. The page registers it after load (app/service-worker.ts),
 * so a first visit may ask before it is there; a build without one (the dev server) never has it.
 */
let active: ServiceWorkerRegistration | undefined;
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  if (active) return active;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, 10_000, undefined);
  });
  try {
    // Kept once found (a page's worker stays); a give-up is not, so a worker arriving later is still found.
    active = await Promise.race([navigator.serviceWorker.ready, gaveUp]);
    return active;
  } finally {
    clearTimeout(timer);
  }
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Where this device stands: on only when the server sends to this browser's subscription for this person. */
export async function devicePush(): Promise<DevicePush> {
  if (!pushSupported() || !(await registration())) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await currentSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  const { subscribed } = await call(API.push.state, { body: { endpoint: subscription.endpoint } });
  return subscribed ? 'on' : 'off';
}

/** The server's VAPID key as the bytes `subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Asks the browser's permission (only ever from a tap), subscribes with the server's key, and
 * gives the subscription to the server. An old subscription made with another key is replaced.
 */
export async function turnOn(): Promise<DevicePush> {
  const found = await registration();
  if (!found) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const { publicKey } = await call(API.push.key);
  const key = keyBytes(publicKey);
  let subscription = await found.pushManager.getSubscription();
  const sameKey = (s: PushSubscription) => {
    const had = s.options.applicationServerKey;
    return had !== null && new Uint8Array(had).every((b, i) => b === key[i]);
  };
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await call(API.push.subscribe, {
    body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
  return 'on';
}

/** Stops pushes here: the server forgets the subscription; the browser's stays for the next person to sign in. */
export async function turnOff(): Promise<DevicePush> {
  const subscription = await currentSubscription();
  if (subscription) await call(API.push.unsubscribe, { body: { endpoint: subscription.endpoint } });
  return 'off';
}
