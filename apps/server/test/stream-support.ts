import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ChatAck, StreamDetail } from '@souq/shared';
import type { DialectName } from '../src/db/database.js';
import { createFakeClock } from '../src/lib/clock.js';
import { AED } from './auction-support.js';
import { call, createUser, insertProduct, productForm, type TestUser } from './catalog-support.js';
import { listen, openSocket, type ClientSocket } from './realtime-support.js';
import { startTestApp, type TestApp } from './support.js';

let clientIds = 0;
/** A chat line's own id, as the web app makes one per line. */
export const clientId = () => `client-${Date.now()}-${clientIds++}`;

/** What the live-stream suites do to a room: go live, open sockets, join, chat, read the stream. */
export function liveRooms(t: () => TestApp, base: () => string) {
  const sockets: ClientSocket[] = [];
  return {
    /** Goes live through the API, as the host page does. */
    async goLive(as: TestUser, fields: Record<string, string> = {}, cover?: Buffer) {
      const productId = await insertProduct(t(), as.id, { title: 'Rolex Submariner' });
      const form = productForm(
        { title: 'Friday watch auction', durationMinutes: '5', productId, startingBid: String(AED(100)), ...fields },
        cover ? [{ field: 'cover', data: cover }] : [],
      );
      const res = await call(t(), 'POST', '/api/streams', { user: as, form });
      if (res.statusCode !== 201) throw new Error(`go live answered ${res.statusCode}: ${res.body}`);
      return { id: (res.json() as { id: string }).id, productId };
    },
    detail: async (id: string, user?: TestUser) =>
      (await call(t(), 'GET', `/api/streams/${id}`, { user })).json() as StreamDetail,
    async open(user?: TestUser) {
      const { socket } = await openSocket(base(), { cookie: user?.cookie });
      sockets.push(socket);
      return socket;
    },
    join: (socket: ClientSocket, streamId: string) =>
      new Promise<unknown>((resolve) => socket.emit('stream:join', { streamId }, resolve)),
    chat: (socket: ClientSocket, streamId: string, text: string, id = clientId()) =>
      new Promise<ChatAck>((resolve) => socket.emit('stream:chat', { streamId, text, clientId: id }, resolve)),
    /** Every socket opened, closed: for afterAll. */
    closeAll: () => sockets.forEach((s) => s.disconnect()),
  };
}

/** Ends every live stream, so each test starts with none: a host hosts one stream at a time. */
export async function endLiveStreams(t: TestApp) {
  for (const s of await t.database.db
    .selectFrom('streams')
    .select(['id', 'host_id'])
    .where('status', '=', 'live')
    .execute()) {
    await t.streams.endByHost((await t.accounts.userById(s.host_id))!, s.id);
  }
}

/**
 * The live-stream suites' harness, called inside their describe: an app on a fake clock listening for
 * sockets, `people` made once (verified unless said), the room helpers; after each test every live
 * stream is ended (then `afterEnding` runs, given the clock), and at the end the sockets and the app close.
 */
export function liveSuite<const People extends readonly Parameters<typeof createUser>[1][]>(
  dialect: DialectName,
  people: People,
  afterEnding?: (clock: ReturnType<typeof createFakeClock>) => void,
) {
  type Users = { -readonly [K in keyof People]: TestUser };
  const clock = createFakeClock();
  let t: TestApp;
  let base: string;
  let users = [] as unknown as Users;
  const rooms = liveRooms(
    () => t,
    () => base,
  );
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    base = await listen(t);
    users = (await Promise.all(people.map((opts) => createUser(t, opts)))) as unknown as Users;
  });
  afterAll(async () => {
    rooms.closeAll();
    await t.close();
  });
  afterEach(async () => {
    await endLiveStreams(t);
    afterEnding?.(clock);
  });
  return {
    ...rooms,
    clock,
    get t() {
      return t;
    },
    get base() {
      return base;
    },
    /** The people, in the order asked for. */
    get users() {
      return users;
    },
  };
}
