import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (RFC 8292): the configured one, or the pair kept in DATA_DIR, made
 * on the first start. Every subscription is tied to the public key it was made with, so the pair
 * must outlive restarts; instances behind one address must share it (set VAPID_* there).
 */
export function vapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const made = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: two processes starting on one DATA_DIR keep the first pair written.
    fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  }
}
