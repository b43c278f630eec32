import type { ChatAck, StreamDetail } from '@souq/shared';
import { AED } from './auction-support.js';
import { call, insertProduct, productForm, type TestUser } from './catalog-support.js';
import { openSocket, type ClientSocket } from './realtime-support.js';
import type { TestApp } from './support.js';

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
