import { z } from 'zod';

/** The shapes environment variables are read in (config.ts). */

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const url = (protocols: string[]) =>
  z.url({ error: `must be a URL (${protocols.join(', ')})` }).refine(
    // Zod runs this even after z.url() failed; an unparsable value is already reported.
    (v) => !URL.canParse(v) || protocols.includes(new URL(v).protocol.replace(':', '')),
    `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  );

/** A comma-separated list of URLs such as stun:host:3478 (no // after the scheme). */
export const urlList = (schemes: string[]) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.length > 0 && list.every((u) => schemes.some((s) => u.startsWith(`${s}:`))),
      `must be a comma-separated list of ${schemes.join('/')}: URLs`,
    );

/** A number of hours (decimals allowed), more than 0 and at most 30 days. */
export const hours = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0 hours')
    .max(24 * 30)
    .default(fallback);

/** A base64url key of exactly `length` characters (a VAPID key, RFC 8292). */
export const base64urlKey = (length: number, what: string) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), `must be ${what} (${length} base64url characters)`);
