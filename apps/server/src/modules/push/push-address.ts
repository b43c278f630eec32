import crypto from 'node:crypto';
import net from 'node:net';
import { MSG, type PushSubscriptionInput } from '@souq/shared';
import { DomainError } from '../../lib/errors.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An address literal on this machine or a private network: a push service is never one. */
function isPrivateHost(hostname: string): boolean {
  if (LOOPBACK_NAMES.has(hostname) || hostname.endsWith('.localhost')) return true;
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) {
    const [a, b] = bare.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (net.isIPv6(bare)) return bare === '::1' || bare === '::' || /^(fc|fd|fe80)/i.test(bare);
  return false;
}

/**
 * Checks a push address (RFC 8030): an https push service on the public internet. We send only
 * to addresses a browser gave, but a person could give any; so nothing on this machine or a
 * private network, except plain http on loopback when PUSH_LOOPBACK lets the test stand-in in.
 */
export function checkEndpoint(endpoint: string, allowLoopback: boolean): void {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  if (!url || url.username || url.password) throw new DomainError('VALIDATION_FAILED', MSG.pushEndpointInvalid);
  const loopback = LOOPBACK_NAMES.has(url.hostname);
  if (allowLoopback && loopback && (url.protocol === 'http:' || url.protocol === 'https:')) return;
  if (url.protocol !== 'https:' || isPrivateHost(url.hostname))
    throw new DomainError('VALIDATION_FAILED', MSG.pushEndpointInvalid);
}

const fromBase64url = (text: string) => Buffer.from(text, 'base64url');

/**
 * Checks the keys a message is encrypted to (RFC 8291): p256dh an uncompressed point on P-256,
 * auth a 16-byte secret. A bad key would only fail at every send.
 */
export function checkKeys(keys: PushSubscriptionInput['keys']): void {
  const point = fromBase64url(keys.p256dh);
  const secret = fromBase64url(keys.auth);
  const onCurve = () => {
    try {
      crypto.createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33).toString('base64url'),
        },
        format: 'jwk',
      });
      return true;
    } catch {
      return false;
    }
  };
  if (point.length !== 65 || point[0] !== 4 || secret.length !== 16 || !onCurve())
    throw new DomainError('VALIDATION_FAILED', MSG.pushKeysInvalid);
}
