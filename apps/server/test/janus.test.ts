import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoJoin } from '@souq/shared';
import { createJanusVideo, VIDEO_UNAVAILABLE } from '../src/adapters/video/janus.js';
import { janusPost, JanusError } from '../src/adapters/video/janus-http.js';
import { AED } from './auction-support.js';
import { call, createUser, insertProduct, productForm, type TestUser } from './catalog-support.js';
import { announceSkip, janusInstalled, startJanus, type JanusProcess } from './janus-process.js';
import { apiError, startTestApp, type TestApp } from './support.js';

const HAVE_JANUS = janusInstalled();
if (!HAVE_JANUS)
  announceSkip(
    'the Janus video suite',
    'janus is not installed (or its plugins are not under /usr/lib/*/janus)',
    'apt-get install -y janus to run it.',
  );

const quietLog = { warn: () => undefined, info: () => undefined };
const ICE = [{ urls: ['stun:example.invalid:3478'] }];
type JanusJoin = Extract<VideoJoin, { mode: 'janus' }>;

/** A browser's first steps with a token: a session, a VideoRoom handle, a join; answers the join's event. */
async function joinAs(url: string, token: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const session = await janusPost(url, { janus: 'create', token });
  const sessionUrl = `${url}/${String(session.data?.id)}`;
  try {
    const handle = await janusPost(sessionUrl, { janus: 'attach', plugin: 'janus.plugin.videoroom', token });
    const sent = await janusPost(`${sessionUrl}/${String(handle.data?.id)}`, {
      janus: 'message',
      token,
      body: { request: 'join', ...body },
    });
    if (sent.plugindata) return sent.plugindata.data; // a synchronous request (create, destroy) answers at once
    // A join is asynchronous: its answer arrives on the session's long poll.
    for (;;) {
      const res = await fetch(`${sessionUrl}?maxev=1&token=${encodeURIComponent(token)}`);
      const event = (await res.json()) as { janus: string; plugindata?: { data: Record<string, unknown> } };
      if (event.plugindata) return event.plugindata.data;
    }
  } finally {
    await janusPost(sessionUrl, { janus: 'destroy', token }).catch(() => undefined);
  }
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof JanusError ? error.code : String(error)),
  );

describe.skipIf(!HAVE_JANUS)('Janus video backend, against a real Janus', () => {
  let janus: JanusProcess;
  beforeAll(async () => {
    janus = await startJanus();
  });
  afterAll(async () => {
    await janus?.stop();
  });

  it('opens a room only our server manages; the host publishes, admitted viewers watch, nobody else gets in', async () => {
    const video = createJanusVideo(janus.settings, quietLog);
    const room = (await video.openRoom({ id: 's1', videoRoom: null }))!;
    expect(room).toBeGreaterThan(0);
    const stream = { id: 's1', videoRoom: room };
    const host = (await video.join(stream, { userId: 'host', role: 'publisher' }, ICE)) as JanusJoin;
    const viewer = (await video.join(stream, { userId: 'viewer', role: 'subscriber' }, ICE)) as JanusJoin;
    expect(host).toMatchObject({ mode: 'janus', url: janus.url, room, role: 'publisher', iceServers: ICE });
    expect(viewer).toMatchObject({ mode: 'janus', room, role: 'subscriber' });
    expect(viewer.token).not.toBe(host.token);
    // The same person gets the same token back (a reload does not pile up tokens).
    expect(((await video.join(stream, { userId: 'viewer', role: 'subscriber' }, ICE)) as JanusJoin).token).toBe(
      viewer.token,
    );

    // Without a token Janus refuses the session itself.
    expect(await refusal(janusPost(janus.url, { janus: 'create' }))).toBe(403);
    expect(await refusal(janusPost(janus.url, { janus: 'create', token: 'made-up' }))).toBe(403);
    // A viewer's token cannot publish: the room's `allowed` list holds only the host's.
    expect(await joinAs(janus.url, viewer.token, { ptype: 'publisher', room, token: viewer.token })).toMatchObject({
      error_code: 433,
    });
    expect(await joinAs(janus.url, host.token, { ptype: 'publisher', room, token: host.token })).toMatchObject({
      videoroom: 'joined',
      room,
    });
    // Nor can it create rooms, or destroy this one without the room's secret.
    const asViewer = (body: Record<string, unknown>) => joinAs(janus.url, viewer.token, body);
    expect(await asViewer({ request: 'create', room: 99 })).toMatchObject({ error_code: 429 }); // missing admin_key
    expect(await asViewer({ request: 'destroy', room })).toMatchObject({
      error_code: 429,
      error: expect.stringContaining('secret'),
    });

    // A viewer the host removed loses their token; others keep theirs.
    const other = (await video.join(stream, { userId: 'other', role: 'subscriber' }, ICE)) as JanusJoin;
    await video.removePerson!(stream, 'viewer');
    expect(await refusal(janusPost(janus.url, { janus: 'create', token: viewer.token }))).toBe(403);
    expect(await refusal(janusPost(janus.url, { janus: 'create', token: other.token }))).toBe('accepted');

    await video.closeRoom(stream);
    expect(await refusal(janusPost(janus.url, { janus: 'create', token: other.token }))).toBe(403);
    expect(await refusal(janusPost(janus.url, { janus: 'create', token: host.token }))).toBe(403);
    const tokens = await janusPost(janus.adminUrl, { janus: 'list_tokens', admin_secret: janus.adminSecret });
    expect(
      (tokens.data?.tokens as { token: string }[]).map((t) => t.token).filter((t) => t.startsWith(`souq.${room}.`)),
    ).toEqual([]);
  });

  it('after Janus restarts (rooms and tokens forgotten), the next join recreates both', async () => {
    const video = createJanusVideo(janus.settings, quietLog);
    const room = (await video.openRoom({ id: 's2', videoRoom: null }))!;
    const stream = { id: 's2', videoRoom: room };
    const before = (await video.join(stream, { userId: 'host', role: 'publisher' }, ICE)) as JanusJoin;
    await janus.restart();
    expect(await refusal(janusPost(janus.url, { janus: 'create', token: before.token }))).toBe(403);

    const viewer = (await video.join(stream, { userId: 'viewer', role: 'subscriber' }, ICE)) as JanusJoin;
    const host = (await video.join(stream, { userId: 'host', role: 'publisher' }, ICE)) as JanusJoin;
    expect(host.token).toBe(before.token);
    expect(await joinAs(janus.url, host.token, { ptype: 'publisher', room, token: host.token })).toMatchObject({
      videoroom: 'joined',
      room,
    });
    expect(await refusal(janusPost(janus.url, { janus: 'create', token: viewer.token }))).toBe('accepted');
    await video.closeRoom(stream);
  });

  it('a Janus that is down is a 503 with a clear message, never a crash', async () => {
    const video = createJanusVideo(
      { ...janus.settings, url: 'http://127.0.0.1:9/janus', adminUrl: 'http://127.0.0.1:9/admin' },
      quietLog,
    );
    await expect(video.openRoom({ id: 's3', videoRoom: null })).rejects.toMatchObject({
      name: 'DomainError',
      code: 'SERVICE_UNAVAILABLE',
      message: VIDEO_UNAVAILABLE,
    });
    await expect(
      video.join({ id: 's3', videoRoom: 5 }, { userId: null, role: 'subscriber' }, []),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(
      video.join({ id: 's3', videoRoom: null }, { userId: null, role: 'subscriber' }, []),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  describe('through the app (JANUS_URL set)', () => {
    let t: TestApp;
    let host: TestUser;
    let viewer: TestUser;
    beforeAll(async () => {
      t = await startTestApp('sqlite', { video: { meshMaxViewers: 4, ice: { servers: [] }, janus: janus.settings } });
      [host, viewer] = await Promise.all([createUser(t), createUser(t)]);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('going live opens the room; the host is told to publish, a viewer (or a signed-out visitor) to watch; a Janus outage is a 503', async () => {
      const productId = await insertProduct(t, host.id, { title: 'Lamp' });
      const res = await call(t, 'POST', '/api/streams', {
        user: host,
        form: productForm({ title: 'SFU night', durationMinutes: '5', productId, startingBid: String(AED(10)) }, []),
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: string };
      const asHost = (await call(t, 'GET', `/api/streams/${id}/video`, { user: host })).json() as JanusJoin;
      const asViewer = (await call(t, 'GET', `/api/streams/${id}/video`, { user: viewer })).json() as JanusJoin;
      const asGuest = (await call(t, 'GET', `/api/streams/${id}/video`, {})).json() as JanusJoin;
      expect(asHost).toMatchObject({ mode: 'janus', role: 'publisher', url: janus.url });
      expect(asViewer).toMatchObject({ mode: 'janus', role: 'subscriber', room: asHost.room });
      expect(asGuest).toMatchObject({ mode: 'janus', role: 'subscriber', room: asHost.room });
      expect(
        await joinAs(janus.url, asHost.token, { ptype: 'publisher', room: asHost.room, token: asHost.token }),
      ).toMatchObject({ videoroom: 'joined' });

      // Janus gone for a moment: a clear 503, not a 500 and not Janus's own words.
      await janus.down();
      const down = await call(t, 'GET', `/api/streams/${id}/video`, { user: viewer });
      await janus.up();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual(apiError('SERVICE_UNAVAILABLE', VIDEO_UNAVAILABLE));
      // Back, with nothing remembered: the room comes back on the next join.
      const again = (await call(t, 'GET', `/api/streams/${id}/video`, { user: viewer })).json() as JanusJoin;
      expect(await refusal(janusPost(janus.url, { janus: 'create', token: again.token }))).toBe('accepted');

      await call(t, 'POST', `/api/streams/${id}/end`, { user: host });
      await expect.poll(() => refusal(janusPost(janus.url, { janus: 'create', token: asHost.token }))).toBe(403);
      // Ended: no video for anyone (asking Janus would bring the room back).
      expect((await call(t, 'GET', `/api/streams/${id}/video`, { user: viewer })).statusCode).toBe(409);
    });

    it('going live while Janus is down is a 503 that says so, and leaves no live stream behind', async () => {
      const productId = await insertProduct(t, host.id, { title: 'Vase' });
      await janus.down();
      try {
        const res = await call(t, 'POST', '/api/streams', {
          user: host,
          form: productForm({ title: 'No SFU', durationMinutes: '5', productId, startingBid: String(AED(10)) }, []),
        });
        expect(res.statusCode).toBe(503);
        expect((res.json() as { error: { message: string } }).error.message).toContain(VIDEO_UNAVAILABLE);
      } finally {
        await janus.up();
      }
      expect(
        await t.database.db
          .selectFrom('streams')
          .select('id')
          .where('host_id', '=', host.id)
          .where('status', '=', 'live')
          .execute(),
      ).toEqual([]);
    });
  });
});
