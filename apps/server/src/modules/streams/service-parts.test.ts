import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, hasMutedWord } from '@souq/shared';
import { createVideoBackend } from '../../adapters/video/index.js';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { DomainEvent } from '../../lib/events.js';
import { createMediaService } from '../../media/media-service.js';
import { AED } from '../../../test/auction-support.js';
import { call, createUser, insertProduct, productForm, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';
import { NO_SHOW_PARTS, type ShowParts } from './parts.js';
import { createStreamsService, type StreamsService } from './service.js';

/**
 * The stream's service with the room's parts as moderation.ts will give them (a moderator, a
 * muted viewer, a muted word), to check what the service does with their answers.
 */
describe.each(DIALECTS)('the room’s parts in the stream service (%s)', (dialect) => {
  let t: TestApp;
  let streams: StreamsService;
  let host: TestUser;
  let mod: TestUser;
  let viewer: TestUser;
  let muted: TestUser;
  let other: TestUser;
  const events: DomainEvent[] = [];
  const row = async (u: TestUser) => (await t.accounts.userById(u.id)) as UserRow;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [host, mod, viewer, muted, other] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    const parts: ShowParts = {
      ...NO_SHOW_PARTS,
      canModerate: async (userId, stream) => userId === stream.host_id || userId === mod.id,
      async chatCheck(user, _stream, text) {
        if (user.id === muted.id) throw new DomainError('FORBIDDEN', MSG.mutedInChat);
        return { hidden: hasMutedWord(text, ['spam']) };
      },
    };
    streams = createStreamsService({
      db: t.database.db,
      clock: t.clock,
      media: createMediaService(t.storage, t.app.log),
      video: createVideoBackend(t.config, t.app.log),
      ice: t.config.video.ice,
      publish: (event) => {
        events.push(event);
        t.events.publish(event);
      },
      log: t.app.log,
      ports: { auctions: t.ports.auctions, orders: t.ports.orders },
      bidRefused: () => undefined,
      parts,
    });
  });
  afterAll(() => t.close());

  async function goLive() {
    const productId = await insertProduct(t, host.id);
    const res = await call(t, 'POST', '/api/streams', {
      user: host,
      form: productForm({ title: 'Room', productId, startingBid: String(AED(100)) }, []),
    });
    return (res.json() as { id: string }).id;
  }

  it('a muted word hides the line from everyone but its sender; a muted viewer cannot chat', async () => {
    const id = await goLive();
    const ack = await streams.chat(await row(viewer), id, 'cheap SPAM here', 'c-1');
    expect(ack).toMatchObject({ ok: true, message: { text: 'cheap SPAM here' } });
    const published = events.find((e) => e.type === 'stream.message' && e.message.text === 'cheap SPAM here');
    expect(published).toMatchObject({ onlyFor: viewer.id });
    await streams.chat(await row(other), id, 'hello', 'c-2');
    const seen = async (viewerRow: UserRow | null) =>
      (await streams.detail(viewerRow, id)).recentMessages.map((m) => m.text);
    expect(await seen(await row(viewer))).toEqual(['cheap SPAM here', 'hello']);
    expect(await seen(await row(other))).toEqual(['hello']);
    expect(await seen(null)).toEqual(['hello']);
    await expect(streams.chat(await row(muted), id, 'let me talk', 'c-3')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: MSG.mutedInChat,
    });
    await t.streams.endByHost(await row(host), id);
  });

  it('a moderator deletes messages and removes viewers; anyone else is refused', async () => {
    const id = await goLive();
    const ack = await streams.chat(await row(viewer), id, 'rude', 'c-4');
    const messageId = ack.ok ? ack.message.id : '';
    await expect(streams.deleteMessage(await row(other), id, messageId)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: MSG.notModerator,
    });
    await streams.deleteMessage(await row(mod), id, messageId);
    expect((await streams.detail(null, id)).recentMessages).toEqual([]);
    await expect(streams.removeViewer(await row(other), id, viewer.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(streams.removeViewer(await row(mod), id, host.id)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await streams.removeViewer(await row(mod), id, viewer.id);
    expect((await streams.detail(await row(viewer), id)).removed).toBe(true);
    await t.streams.endByHost(await row(host), id);
  });
});
