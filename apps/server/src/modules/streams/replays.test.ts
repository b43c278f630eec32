import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, REPLAY_PIECE_MAX_BYTES, type Replay } from '@souq/shared';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { insertLot, insertShow } from '../../../test/show-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createMediaService } from '../../media/media-service.js';
import { withWebmDuration } from '../../media/webm-duration.js';
import { createReplays, REPLAY_SETTLE_MS, type Replays } from './replays.js';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
/** A recording's first piece as MediaRecorder writes it: header, then a cluster; later pieces are clusters. */
const HEAD = hex(
  '1a45dfa3 9f 4286810142f7810142f2810442f381084282847765626d4287810442858102' +
    '18538067 01ffffffffffffff 1549a966 88 2ad7b1 83 0f4240 ' +
    '1654ae6b 85 ae 83 d7 81 01 1f43b675 01ffffffffffffff e7 81 00',
);
const cluster = (n: number) =>
  hex(`1f43b675 01ffffffffffffff e7 81 ${n.toString(16).padStart(2, '0')} a3 84 81 00 00 80`);

function pieceForm(seq: number, endMs: number, data: Buffer): FormData {
  const form = new FormData();
  form.append('seq', String(seq));
  form.append('endMs', String(endMs));
  form.append('piece', new Blob([new Uint8Array(data)], { type: 'video/webm' }), `${seq}.webm`);
  return form;
}

describe.each(DIALECTS)('replays of whole shows (%s)', (dialect) => {
  let t: TestApp;
  let replays: Replays;
  let host: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, {});
    replays = t.services.streams.replays;
    [host, other] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const send = (streamId: string, seq: number, endMs: number, data: Buffer, user: TestUser | null = host) =>
    call(t, 'POST', `/api/streams/${streamId}/replay/pieces`, { user, form: pieceForm(seq, endMs, data) });
  const end = (streamId: string) =>
    t.database.db
      .updateTable('streams')
      // Longer ago than a recording is left to settle.
      .set({ status: 'ended', ended_at: new Date(Date.now() - REPLAY_SETTLE_MS).toISOString() })
      .where('id', '=', streamId)
      .execute();
  const replayOf = (streamId: string) => call(t, 'GET', `/api/streams/${streamId}/replay`, { user: null });
  const pieces = async (streamId: string) =>
    (await t.database.db.selectFrom('replay_pieces').select('seq').where('stream_id', '=', streamId).execute()).length;

  it('refuses bad pieces with a 4xx and keeps nothing', async () => {
    const { streamId } = await insertShow(t, host.id);
    expect((await send(streamId, 0, 5_000, HEAD, null)).statusCode).toBe(401);
    expect((await send(streamId, 0, 5_000, HEAD, other)).json()).toEqual(apiError('FORBIDDEN', MSG.notStreamHost));
    const pdf = await send(streamId, 0, 5_000, Buffer.from('%PDF-1.7 not a recording'));
    expect([pdf.statusCode, pdf.json()]).toEqual([415, apiError('UNSUPPORTED_MEDIA_TYPE', MSG.replayNotWebm)]);
    expect((await send(streamId, 1, 10_000, cluster(1))).json()).toEqual(apiError('CONFLICT', MSG.replayFromStart));
    const big = await send(streamId, 0, 5_000, Buffer.concat([HEAD, Buffer.alloc(REPLAY_PIECE_MAX_BYTES)]));
    expect([big.statusCode, big.json()]).toEqual([413, apiError('PAYLOAD_TOO_LARGE', MSG.replayPieceTooLarge)]);
    for (const [seq, endMs] of [
      ['-1', '5000'],
      ['1.5', '5000'],
      ['0', 'soon'],
    ]) {
      const form = new FormData();
      form.append('seq', seq!);
      form.append('endMs', endMs!);
      form.append('piece', new Blob([new Uint8Array(HEAD)], { type: 'video/webm' }), 'p.webm');
      expect((await call(t, 'POST', `/api/streams/${streamId}/replay/pieces`, { user: host, form })).statusCode).toBe(
        400,
      );
    }
    expect(await pieces(streamId)).toBe(0);
    expect(
      await t.database.db.selectFrom('stream_replays').selectAll().where('stream_id', '=', streamId).execute(),
    ).toEqual([]);
  });

  it('joins the pieces after the show into one replay with its length, a chapter at each lot, served in byte ranges', async () => {
    const { streamId } = await insertShow(t, host.id);
    const [sold, passed] = await Promise.all([
      insertLot(t, streamId, host.id, 'sold', other.id, { price: 42_000 }),
      insertLot(t, streamId, host.id, 'unsold', null),
    ]);
    for (const [seq, endMs, data] of [
      [0, 5_000, HEAD],
      [1, 10_000, cluster(1)],
      [2, 15_000, cluster(2)],
    ] as const)
      expect((await send(streamId, seq, endMs, data)).statusCode).toBe(201);
    // A piece sent again (a retry) replaces the first; a new start after a reload cannot join it.
    expect((await send(streamId, 2, 15_000, cluster(2))).statusCode).toBe(201);
    expect((await send(streamId, 0, 5_000, HEAD)).json()).toEqual(apiError('CONFLICT', MSG.replayStartedElsewhere));
    expect((await replayOf(streamId)).json()).toEqual(apiError('NOT_FOUND', MSG.replayNotFound));

    const { started_at } = await t.database.db
      .selectFrom('stream_replays')
      .select('started_at')
      .where('stream_id', '=', streamId)
      .executeTakeFirstOrThrow();
    const after = (ms: number) => new Date(Date.parse(started_at) + ms).toISOString();
    await t.database.db
      .updateTable('auctions')
      .set({ lot_position: 1, starts_at: after(1_000) })
      .where('id', '=', sold)
      .execute();
    await t.database.db
      .updateTable('auctions')
      .set({ lot_position: 2, starts_at: after(9_000) })
      .where('id', '=', passed)
      .execute();

    await end(streamId);
    await replays.joinDue();
    const res = await replayOf(streamId);
    expect(res.statusCode, res.body).toBe(200);
    const replay = res.json() as Replay;
    expect(replay).toMatchObject({ mimeType: 'video/webm', durationMs: 15_000 });
    expect(replay.chapters).toEqual([
      { lotId: sold, position: 1, title: expect.any(String), outcome: 'sold', price: 42_000, atMs: 1_000 },
      { lotId: passed, position: 2, title: expect.any(String), outcome: 'passed', price: null, atMs: 9_000 },
    ]);
    const whole = Buffer.concat([withWebmDuration(HEAD, 15_000), cluster(1), cluster(2)]);
    const path = new URL(replay.url, 'http://x').pathname;
    const full = await t.app.inject({ method: 'GET', url: path });
    expect(full.rawPayload).toEqual(whole);
    const part = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=10-19' } });
    expect([part.statusCode, part.headers['content-range']]).toEqual([206, `bytes 10-19/${whole.length}`]);
    expect(part.rawPayload).toEqual(whole.subarray(10, 20));
    expect(await pieces(streamId)).toBe(0);
    expect((await send(streamId, 3, 20_000, cluster(3))).json()).toEqual(apiError('CONFLICT', MSG.replayFinished));

    // Only the host deletes it; then it is gone, file and all.
    expect((await call(t, 'DELETE', `/api/streams/${streamId}/replay`, { user: other })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/streams/${streamId}/replay`, { user: host })).statusCode).toBe(200);
    expect((await replayOf(streamId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('keeps what came before a gap, as after a crash, and nothing of a show never recorded', async () => {
    const { streamId } = await insertShow(t, host.id);
    await send(streamId, 0, 5_000, HEAD);
    await send(streamId, 2, 15_000, cluster(2));
    const silent = await insertShow(t, host.id);
    await Promise.all([end(streamId), end(silent.streamId)]);
    await replays.joinDue();
    expect(((await replayOf(streamId)).json() as Replay).durationMs).toBe(5_000);
    expect((await replayOf(silent.streamId)).statusCode).toBe(404);
  });

  it('leaves a show that has just ended to settle, so its last piece still joins', async () => {
    const { streamId } = await insertShow(t, host.id);
    await send(streamId, 0, 5_000, HEAD);
    await t.database.db
      .updateTable('streams')
      .set({ status: 'ended', ended_at: new Date().toISOString() })
      .where('id', '=', streamId)
      .execute();
    await replays.joinDue();
    expect((await send(streamId, 1, 8_000, cluster(1))).statusCode).toBe(201);
    await end(streamId);
    await replays.joinDue();
    expect(((await replayOf(streamId)).json() as Replay).durationMs).toBe(8_000);
  });

  it('keeps what the video server recorded when the host’s browser sent nothing (Janus, ADR 0057)', async () => {
    const { streamId } = await insertShow(t, host.id);
    await t.database.db.updateTable('streams').set({ video_room: 4242 }).where('id', '=', streamId).execute();
    await t.database.db
      .insertInto('stream_replays')
      .values({ stream_id: streamId, status: 'recording', started_at: new Date().toISOString() })
      .execute();
    const startedAtMs = Date.parse('2026-11-30T10:00:00.000Z');
    const asked: Array<number | null> = [];
    const fromJanus = createReplays({
      db: t.database.db,
      clock: t.clock,
      media: createMediaService(t.storage, { warn: () => undefined }),
      keepMs: t.config.replayKeepMs,
      video: {
        takeRecording: async (stream) => {
          asked.push(stream.videoRoom);
          return { data: withWebmDuration(HEAD, 61_000), startedAtMs, durationMs: 61_000 };
        },
      },
    });
    await end(streamId);
    await fromJanus.joinDue();
    expect(asked).toEqual([4242]);
    const replay = (await replayOf(streamId)).json() as Replay;
    expect(replay.durationMs).toBe(61_000);
    const row = await t.database.db
      .selectFrom('stream_replays')
      .select('started_at')
      .where('stream_id', '=', streamId)
      .executeTakeFirstOrThrow();
    // Chapters count from the recording's own start, as Janus wrote it.
    expect(row.started_at).toBe('2026-11-30T10:00:00.000Z');
    await fromJanus.joinDue();
    expect(asked).toHaveLength(1);
  });

  it('deletes replays older than REPLAY_DAYS', async () => {
    const { streamId } = await insertShow(t, host.id);
    await send(streamId, 0, 5_000, HEAD);
    await end(streamId);
    await replays.joinDue();
    const old = new Date(Date.now() - t.config.replayKeepMs - 60_000).toISOString();
    await t.database.db
      .updateTable('stream_replays')
      .set({ ready_at: old })
      .where('stream_id', '=', streamId)
      .execute();
    await replays.sweepOld();
    expect((await replayOf(streamId)).statusCode).toBe(404);
  });
});
