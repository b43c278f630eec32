import crypto from 'node:crypto';
import type { IceServer } from '@souq/shared';

export interface IceSettings {
  /** Plain STUN/TURN URLs handed to everyone as they are. */
  servers: string[];
  /** coturn with `use-auth-secret`: each person gets short-lived credentials (the TURN REST scheme). */
  turn?: { urls: string[]; secret: string; ttlSeconds: number };
}

/**
 * The ICE servers one person's browser uses. TURN credentials follow coturn's REST scheme: the
 * username is `expiry:user` and the password the base64 HMAC-SHA1 of it under the shared secret,
 * so coturn checks them without asking us, and they stop working at the expiry.
 */
export function iceServersFor(settings: IceSettings, userId: string | null, now: Date): IceServer[] {
  const servers: IceServer[] = settings.servers.length ? [{ urls: settings.servers }] : [];
  if (settings.turn) {
    const expiry = Math.floor(now.getTime() / 1000) + settings.turn.ttlSeconds;
    const username = `${expiry}:${userId ?? 'guest'}`;
    const credential = crypto.createHmac('sha1', settings.turn.secret).update(username).digest('base64');
    servers.push({ urls: settings.turn.urls, username, credential });
  }
  return servers;
}
