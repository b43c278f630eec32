import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for the tests (issue 48): what Chrome's or Apple's would do with our requests,
 * checked to the letter. It accepts RFC 8030 deliveries, refuses one whose VAPID token (RFC 8292)
 * is not signed by the key the device subscribed with, and decrypts the `aes128gcm` body
 * (RFC 8291, RFC 8188) with the device's own keys, made here as a phone makes them: so a test
 * reads the exact message a phone would show. Anything sent to an address no device was given
 * is kept as a stray.
 */

export interface PushedMessage {
  device: string;
  /** The decrypted body, parsed. */
  payload: { title: string; body: string; link: string; tag: string; lang: string; dir: string };
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID token's claims. */
  claims: { aud: string; exp: number; sub: string };
  at: number;
}

interface Device {
  id: string;
  ecdh: crypto.ECDH;
  auth: Buffer;
  applicationServerKey: string;
  /** Statuses to answer instead of 201, in turn (404, 410, 500, 429). */
  failures: number[];
}

const b64 = (buf: Buffer) => buf.toString('base64url');

function publicKeyOf(point: Buffer): crypto.KeyObject {
  return crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** RFC 8292 §2, §3: `vapid t=<ES256 JWT>, k=<the server's public key>`; throws what is wrong. */
function checkVapid(header: string | undefined, device: Device, origin: string, now: number): PushedMessage['claims'] {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization is not a VAPID one: ${header}`);
  const [token, k] = [m[1]!, m[2]!];
  if (k !== device.applicationServerKey) throw new Error('the VAPID key is not the one the device subscribed with');
  const [head, body, signature] = token.split('.') as [string, string, string];
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; typ: string };
  if (jose.alg !== 'ES256') throw new Error(`JWT alg ${jose.alg}`);
  const signed = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKeyOf(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as PushedMessage['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > now / 1000 && claims.exp <= now / 1000 + 24 * 3600))
    throw new Error(`exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return claims;
}

/** RFC 8291 §3.4, RFC 8188 §2: one record, the sender's public key as its key id. */
function decrypt(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and any zeros after it.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startPushStandIn() {
  const devices = new Map<string, Device>();
  const messages: PushedMessage[] = [];
  const refused: string[] = [];
  const strays: string[] = [];
  const listeners = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (req.method !== 'POST' || !device) {
        strays.push(`${req.method} ${req.url}`);
        return void res.writeHead(404).end();
      }
      const failure = device.failures.shift();
      if (failure) return void res.writeHead(failure).end();
      try {
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL header (RFC 8030 §5.2)');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const claims = checkVapid(req.headers.authorization, device, origin, Date.now());
        const payload = JSON.parse(decrypt(device, Buffer.concat(chunks))) as PushedMessage['payload'];
        messages.push({
          device: device.id,
          payload,
          ttl,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          claims,
          at: Date.now(),
        });
        res.writeHead(201, { location: `${origin}/messages/${crypto.randomUUID()}` }).end();
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end((error as Error).message);
      }
      listeners.forEach((l) => l());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    messages,
    /** Requests it refused, with why: a wrong token, a body that does not decrypt. */
    refused,
    /** Requests to addresses no device was given. */
    strays,

    /** A phone subscribing with the server's key: what `PushSubscription.toJSON()` gives. */
    device(applicationServerKey: string) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const device: Device = {
        id: crypto.randomUUID(),
        ecdh,
        auth: crypto.randomBytes(16),
        applicationServerKey,
        failures: [],
      };
      devices.set(device.id, device);
      return {
        id: device.id,
        subscription: {
          endpoint: `${origin}/push/${device.id}`,
          expirationTime: null,
          keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(device.auth) },
        },
        /** The next deliveries answer these statuses instead. */
        fail: (...statuses: number[]) => void device.failures.push(...statuses),
        received: () => messages.filter((m) => m.device === device.id),
      };
    },

    /** Resolves once `count` messages in all have come, or rejects after `ms`. */
    waitFor(count: number, ms = 5000): Promise<PushedMessage[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`${messages.length} push messages came, not ${count}; refused: ${refused.join('; ')}`));
        }, ms);
        listeners.add(check);
        check();
      });
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushStandIn = Awaited<ReturnType<typeof startPushStandIn>>;
