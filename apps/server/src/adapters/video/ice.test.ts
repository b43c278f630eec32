import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor } from './ice.js';

describe('ICE servers', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('hands out nothing when nothing is configured (host candidates only)', () => {
    expect(iceServersFor({ servers: [] }, 'u1', now)).toEqual([]);
  });

  it('passes plain STUN URLs through', () => {
    expect(iceServersFor({ servers: ['stun:stun.example.com:3478'] }, null, now)).toEqual([
      { urls: ['stun:stun.example.com:3478'] },
    ]);
  });

  it('gives TURN credentials in coturn’s REST scheme: expiry:user and the HMAC-SHA1 of it', () => {
    const [turn] = iceServersFor(
      { servers: [], turn: { urls: ['turn:turn.example.com:3478'], secret: 's3cret', ttlSeconds: 3600 } },
      'user-42',
      now,
    );
    const expiry = now.getTime() / 1000 + 3600;
    expect(turn).toEqual({
      urls: ['turn:turn.example.com:3478'],
      username: `${expiry}:user-42`,
      credential: crypto.createHmac('sha1', 's3cret').update(`${expiry}:user-42`).digest('base64'),
    });
  });
});
