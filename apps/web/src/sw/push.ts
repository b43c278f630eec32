import type { PushPayload } from '@souq/shared';

/**
 * A push as the server sends it (`PushPayload`, ADR 0059): what the notification says and where a
 * tap goes. Read defensively, so only the words and the link are sure to be there.
 */
export type PushMessage = Pick<PushPayload, 'title' | 'body' | 'link'> &
  Partial<Pick<PushPayload, 'tag' | 'lang' | 'dir'>>;

export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** Android draws the status bar's small icon from this one's alpha channel. */
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A path on this site, else the home page: a tap must never take someone off Souq, whatever a
 * payload says (`//elsewhere` and `/\elsewhere` are other sites to a browser).
 */
export function linkOnSite(link: string | undefined): string {
  return link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : '/';
}

/**
 * The push's words, read so that a push always shows something: the browser requires a
 * notification for every push (userVisibleOnly), and a malformed one still says it is from Souq.
 */
export function readPush(data: { json(): unknown } | null | undefined): PushMessage {
  let raw: unknown;
  try {
    raw = data?.json();
  } catch {
    raw = undefined;
  }
  const fields = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    title: text(fields.title) || 'Souq',
    body: text(fields.body) ?? '',
    link: linkOnSite(text(fields.link)),
    ...(text(fields.tag) ? { tag: text(fields.tag) } : {}),
    ...(fields.lang === 'en' || fields.lang === 'ar' ? { lang: fields.lang } : {}),
    ...(fields.dir === 'ltr' || fields.dir === 'rtl' ? { dir: fields.dir } : {}),
  };
}

export function notificationOptions(message: PushMessage): NotificationOptions {
  const { body, tag, lang, dir, link } = message;
  return { body, tag, lang, dir, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { link } };
}

interface OpenWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

interface Windows {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly OpenWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A tap on a notification: a Souq window already there (showing that page, else the one used
 * last) comes forward and goes to the link; with none open, a new one opens at it.
 */
export async function openLink(clients: Windows, link: string, origin: string): Promise<void> {
  const target = new URL(linkOnSite(link), origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url === target) ?? windows[0];
  if (!open) {
    await clients.openWindow(target);
    return;
  }
  // Focus is the browser's to grant, during the tap itself; going to the page matters more.
  await open.focus().catch(() => undefined);
  if (open.url === target) return;
  // A window this worker does not control (opened before it was installed) cannot be sent anywhere.
  const went = await open.navigate(target).catch(() => null);
  if (!went) await clients.openWindow(target);
}
