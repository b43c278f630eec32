import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@souq/shared';
import { createFakeClock } from '../../lib/clock.js';
import type { RealtimeOut } from '../../realtime/types.js';
import type { NotificationsService } from './service.js';
import { notificationsSocket } from './socket.js';

const created = (userId: string, id: string) => ({
  type: 'notification.created' as const,
  userId,
  notification: { id } as AppNotification,
});

function recordingOut(online = (_room: string) => true) {
  const sent: Array<{ room: string; message: unknown }> = [];
  const out = {
    to: (room: string) => ({ emit: (_event: string, message: unknown) => void sent.push({ room, message }) }),
    mayReach: online,
  } as unknown as RealtimeOut;
  return { out, sent };
}

describe('the bell over sockets', () => {
  it('rings once per notification, with the unread counts of everyone rung in a turn read at once', async () => {
    const reads: string[][] = [];
    const service = {
      unreadCounts: async (userIds: string[]) => (
        reads.push(userIds),
        new Map([
          ['a', 2],
          ['b', 5],
        ])
      ),
      mutedPairs: async () => new Set<string>(),
    } as unknown as NotificationsService;
    const part = notificationsSocket(service, createFakeClock());
    const { out, sent } = recordingOut();
    const first = part.onEvent!(created('a', 'n1'), out);
    part.onEvent!(created('b', 'n2'), out);
    part.onEvent!(created('a', 'n3'), out);
    await first;
    expect(reads).toEqual([['a', 'b']]);
    expect(sent.map((s) => [s.room, (s.message as { unread: number }).unread])).toEqual([
      ['user:a', 2],
      ['user:b', 5],
      ['user:a', 2],
    ]);
  });

  it('reads no count, and sends nothing, for people with no socket open', async () => {
    const reads: string[][] = [];
    const service = {
      unreadCounts: async (userIds: string[]) => (reads.push(userIds), new Map([['a', 2]])),
      mutedPairs: async () => new Set<string>(),
    } as unknown as NotificationsService;
    const part = notificationsSocket(service, createFakeClock());
    const { out, sent } = recordingOut((room) => room === 'user:a');
    const first = part.onEvent!(created('a', 'n1'), out);
    part.onEvent!(created('b', 'n2'), out);
    await first;
    expect(reads).toEqual([['a']]);
    expect(sent.map((s) => s.room)).toEqual(['user:a']);
    const { out: nobody } = recordingOut(() => false);
    await part.onEvent!(created('b', 'n3'), nobody);
    expect(reads).toEqual([['a']]);
  });

  it('fails once, to its caller, when the counts cannot be read: no other failure is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const service = {
        unreadCounts: async () => Promise.reject(new Error('driver has already been destroyed')),
        mutedPairs: async () => new Set<string>(),
      } as unknown as NotificationsService;
      const part = notificationsSocket(service, createFakeClock());
      const { out, sent } = recordingOut();
      const first = part.onEvent!(created('a', 'n1'), out);
      for (const user of ['b', 'c', 'd']) part.onEvent!(created(user, `n-${user}`), out);
      await expect(first).rejects.toThrow('destroyed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sent).toEqual([]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
