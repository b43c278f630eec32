import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIP_MAX_BYTES, MSG, type Clip, type Order } from '@souq/shared';
import { call, createUser, uploadedFiles, type TestUser } from '../../../test/catalog-support.js';
import { MP4, WEBM, insertLot, insertShow, showParts } from '../../../test/show-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import type { Clips } from './clips.js';
import { videoTypeOf } from './clips.js';

const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');

function clipForm(data: Buffer, durationMs = '15000', type = 'video/webm'): FormData {
  const form = new FormData();
  form.append('durationMs', durationMs);
  form.append('clip', new Blob([new Uint8Array(data)], { type }), 'clip.webm');
  return form;
}

describe('videoTypeOf', () => {
  it('knows WebM and MP4 by their first bytes, and nothing else', () => {
    expect(videoTypeOf(WEBM())).toEqual({ mimeType: 'video/webm', ext: 'webm' });
    expect(videoTypeOf(MP4())).toEqual({ mimeType: 'video/mp4', ext: 'mp4' });
    expect(videoTypeOf(Buffer.from('%PDF-1.7 not a video'))).toBeNull();
    expect(videoTypeOf(Buffer.from([0x1a, 0x45]))).toBeNull();
  });
});

describe.each(DIALECTS)('sale clips (%s)', (dialect) => {
  let t: TestApp;
  let clips: Clips;
  let host: TestUser;
  let winner: TestUser;
  const parts = showParts();

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, {}, parts.register);
    ({ clips } = parts.build(t));
    [host, winner] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const upload = (streamId: string, lotId: string, form: FormData, user: TestUser | null = host) =>
    call(t, 'POST', `/api/streams/${streamId}/lots/${lotId}/clip`, { user, form });

  it('refuses in the exact words: visitor, not the host, a lot not sold, too large, not a video; writes nothing', async () => {
    const { streamId, lotId: waiting } = await insertShow(t, host.id);
    const sold = await insertLot(t, streamId, host.id, 'sold', winner.id);
    const before = uploadedFiles(t);
    expect((await upload(streamId, sold, clipForm(WEBM()), null)).json()).toEqual(LOGGED_OUT);
    expect((await upload(streamId, sold, clipForm(WEBM()), winner)).json()).toEqual(
      apiError('FORBIDDEN', MSG.notStreamHost),
    );
    expect((await upload(streamId, waiting, clipForm(WEBM()))).json()).toEqual(apiError('CONFLICT', MSG.clipNotSold));
    expect((await upload(streamId, crypto.randomUUID(), clipForm(WEBM()))).json()).toEqual(
      apiError('NOT_FOUND', MSG.lotNotFound),
    );
    const big = await upload(streamId, sold, clipForm(WEBM(CLIP_MAX_BYTES + 1)));
    expect([big.statusCode, big.json()]).toEqual([413, apiError('PAYLOAD_TOO_LARGE', MSG.clipTooLarge)]);
    const pdf = await upload(streamId, sold, clipForm(Buffer.from('%PDF-1.7 and more bytes')));
    expect([pdf.statusCode, pdf.json()]).toEqual([415, apiError('UNSUPPORTED_MEDIA_TYPE', MSG.clipNotVideo)]);
    const bad = await upload(streamId, sold, clipForm(WEBM(), '-1'));
    expect(bad.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('lot_clips').selectAll().execute()).toEqual([]);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('keeps one clip per sold lot, served as video/webm with byte ranges, shown on the winner’s order line', async () => {
    const { streamId } = await insertShow(t, host.id);
    const sold = await insertLot(t, streamId, host.id, 'sold', winner.id, { price: 4_000 });
    await t.database.db.transaction().execute((trx) =>
      t.orders.createForAuction(trx, {
        auctionId: sold,
        buyerId: winner.id,
        sellerId: host.id,
        productId: null,
        title: 'A lot',
        imageKey: null,
        price: 4_000,
        streamId,
      }),
    );

    const data = WEBM(10_000);
    const res = await upload(streamId, sold, clipForm(data, '18000'));
    expect(res.statusCode, res.body).toBe(201);
    const clip = res.json() as Clip;
    expect(clip).toEqual({
      url: expect.stringMatching(/^\/uploads\/clips\/[0-9a-f-]{36}\.webm$/),
      durationMs: 18_000,
      mimeType: 'video/webm',
    });

    const whole = await t.app.inject({ method: 'GET', url: clip.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: clip.url, headers: { range: 'bytes=2-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(2, 10))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: clip.url, headers: { range: 'bytes=-4' } });
    expect(tail.rawPayload.equals(data.subarray(data.length - 4))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: clip.url, headers: { range: `bytes=${data.length}-` } });
    expect(past.statusCode, past.body).toBe(416);

    const order = ((await call(t, 'GET', '/api/orders', { user: winner })).json() as Order[]).find((o) =>
      o.lines.some((l) => l.auctionId === sold),
    )!;
    expect(order.lines.find((l) => l.auctionId === sold)!.clip).toEqual(clip);
    expect(await clips.clipsOf([sold, crypto.randomUUID()])).toEqual(new Map([[sold, clip]]));

    // A second upload (an MP4 this time) replaces the first, and the first file goes.
    const again = await upload(streamId, sold, clipForm(MP4(), '12000', 'video/mp4'));
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json() as Clip;
    expect(second).toMatchObject({ mimeType: 'video/mp4', durationMs: 12_000 });
    expect((await t.app.inject({ method: 'GET', url: second.url })).headers['content-type']).toBe('video/mp4');
    expect((await t.app.inject({ method: 'GET', url: clip.url })).statusCode).toBe(404);
    const key = `public${second.url.slice('/uploads'.length)}`;
    expect(await clips.referencedUploads()).toContain(key);
    expect(uploadedFiles(t)).toContain(key);
  });
});
