import { describe, expect, it } from 'vitest';
import type { ChatMessage, Lot, PinCard, StreamCard, StreamLive } from '@souq/shared';
import {
  applyBoughtPin,
  applyLots,
  applyStreamLive,
  CHAT_KEEP,
  comingUp,
  formatMMSS,
  minSec,
  mergeMessages,
  missedNews,
  sortCards,
  sortUpcoming,
  wasOutbid,
  withoutMessage,
} from './live-state';
import { validateHostForm } from './HostSetup';
import { afterFailure, encodingFor } from './video/mesh';
import { lotOf as lot } from '../../test-support/lots';

const user = (id: string) => ({ id, username: id, profilePic: '' });
const live = (over: Partial<StreamLive> = {}): StreamLive => ({
  id: 's1',
  seq: 1,
  status: 'live',
  endsAt: '2026-11-22T10:05:00.000Z',
  endedAt: null,
  endReason: null,
  highestBid: null,
  bidCount: 0,
  minimumBid: 100_00,
  winner: null,
  lot: null,
  ...over,
});
const lotOf = (id: string, over: Partial<Lot> = {}): Lot =>
  lot(id, { status: 'running', seq: 1, endsAt: '2026-11-22T10:00:30.000Z', ...over });
const msg = (id: string, at: number, kind: ChatMessage['kind'] = 'chat'): ChatMessage => ({
  id,
  kind,
  text: id,
  amount: kind === 'bid' ? 150_00 : null,
  user: user('u'),
  createdAt: new Date(Date.UTC(2026, 10, 22, 10, 0, at)).toISOString(),
});

describe('a stream’s news applied to the page', () => {
  it('takes newer news, ignores older, and never brings an ended stream back to life', () => {
    const bid = { amount: 150_00, user: user('omar') };
    const a = applyStreamLive(live(), live({ seq: 2, highestBid: bid, bidCount: 1 }));
    expect(a).toMatchObject({ seq: 2, highestBid: bid, bidCount: 1 });
    expect(applyStreamLive(a, live({ seq: 1 }))).toBe(a);
    const ended = applyStreamLive(a, live({ seq: 2, status: 'ended', winner: user('omar') }));
    expect(ended.status).toBe('ended');
    expect(applyStreamLive(ended, live({ seq: 3 }))).toBe(ended);
    expect(applyStreamLive(a, live({ id: 'other', seq: 9 }))).toBe(a);
  });

  it('replaces the lot on screen when the news is about another lot, whose count starts over', () => {
    const a = live({ seq: 7, lot: lotOf('l1', { seq: 7 }) });
    const next = applyStreamLive(a, live({ seq: 1, lot: lotOf('l2', { seq: 1, position: 1 }) }));
    expect(next.lot?.id).toBe('l2');
    expect(next.seq).toBe(1);
    // Older news about the same lot is still ignored.
    expect(applyStreamLive(next, live({ seq: 0, lot: lotOf('l2', { seq: 0 }) }))).toBe(next);
  });

  it('re-reads after a gap in the same lot’s numbers, not at a new lot', () => {
    const a = live({ seq: 3, lot: lotOf('l1', { seq: 3 }) });
    expect(missedNews(a, live({ seq: 4, lot: lotOf('l1') }))).toBe(false);
    expect(missedNews(a, live({ seq: 6, lot: lotOf('l1') }))).toBe(true);
    expect(missedNews(a, live({ seq: 9, lot: lotOf('l2') }))).toBe(false);
    expect(missedNews(a, live({ seq: 9, status: 'ended', lot: lotOf('l1') }))).toBe(false);
  });

  it('takes the run sheet whole, and the lot on screen from it when newer; coming up is the waiting lots in order', () => {
    const d = { lot: lotOf('l1', { seq: 2 }), lots: [] as Lot[] };
    const lots = [
      lotOf('l3', { status: 'waiting', position: 2 }),
      lotOf('l1', { seq: 3, status: 'sold', position: 0 }),
      lotOf('l2', { status: 'waiting', position: 1 }),
    ];
    const next = applyLots(d, lots);
    expect(next.lots).toBe(lots);
    expect(next.lot?.status).toBe('sold');
    expect(applyLots({ ...d, lot: lotOf('l1', { seq: 9 }) }, lots).lot?.seq).toBe(9);
    expect(comingUp(lots).map((l) => l.id)).toEqual(['l2', 'l3']);
    expect(comingUp(lots, 1).map((l) => l.id)).toEqual(['l2']);
  });

  it('knows when the person was outbid', () => {
    const me = { amount: 1, user: user('me') };
    const them = { amount: 2, user: user('them') };
    expect(wasOutbid(me, them, 'me')).toBe(true);
    expect(wasOutbid(them, me, 'me')).toBe(false);
    expect(wasOutbid(null, them, 'me')).toBe(false);
    expect(wasOutbid(me, them, null)).toBe(false);
  });
});

describe('a Buy It Now answer applied to the pins', () => {
  const pin = (id: string, sold: number): PinCard => ({
    id,
    product: { id: `p-${id}`, title: id, image: { url: '/o.jpg', thumb: '/o.jpg' } },
    price: 75_00,
    stock: 2,
    flash: null,
    sold,
  });

  it('keeps a later sale that show:pins already told of, so the last unit still reads sold out', () => {
    const told = { pins: [pin('a', 2), pin('b', 0)] };
    expect(applyBoughtPin(told, pin('a', 1)).pins.map((p) => p.sold)).toEqual([2, 0]);
  });

  it('takes the answer when it is the newer news', () => {
    const told = { pins: [pin('a', 0), pin('b', 0)] };
    expect(applyBoughtPin(told, pin('a', 1)).pins.map((p) => p.sold)).toEqual([1, 0]);
  });
});

describe('the chat list', () => {
  it('adds each line once, in time order, and keeps the last CHAT_KEEP', () => {
    const start = [msg('a', 1), msg('b', 3)];
    expect(mergeMessages(start, [msg('b', 3)])).toBe(start);
    expect(mergeMessages(start, [msg('c', 2), msg('c', 2)]).map((m) => m.id)).toEqual(['a', 'c', 'b']);
    const many = Array.from({ length: CHAT_KEEP + 5 }, (_, i) => msg(`m${i}`, i));
    const kept = mergeMessages([], many);
    expect(kept).toHaveLength(CHAT_KEEP);
    expect(kept[0]!.id).toBe('m5');
  });

  it('removes a deleted line, and leaves the list alone when it is not there', () => {
    const start = [msg('a', 1), msg('b', 2)];
    expect(withoutMessage(start, 'a').map((m) => m.id)).toEqual(['b']);
    expect(withoutMessage(start, 'zzz')).toBe(start);
  });
});

describe('time left', () => {
  it('MM:SS for viewers, Xm Ys for the host and the list', () => {
    expect(formatMMSS(299)).toBe('04:59');
    expect(formatMMSS(0)).toBe('00:00');
    expect(formatMMSS(75 * 60)).toBe('75:00');
    expect(formatMMSS(-3)).toBe('00:00');
    expect(minSec(125)).toEqual({ minutes: 2, seconds: 5 });
    expect(minSec(9)).toEqual({ minutes: 0, seconds: 9 });
    expect(minSec(-3)).toEqual({ minutes: 0, seconds: 0 });
  });
});

describe('the live list order', () => {
  it('puts live before ended, newest first', () => {
    const card = (id: string, status: StreamCard['status'], minute: number) =>
      ({ id, status, startedAt: `2026-11-22T10:0${minute}:00.000Z` }) as StreamCard;
    const sorted = sortCards([
      card('old-ended', 'ended', 1),
      card('old-live', 'live', 2),
      card('new-ended', 'ended', 5),
      card('new-live', 'live', 4),
    ]);
    expect(sorted.map((c) => c.id)).toEqual(['new-live', 'old-live', 'new-ended', 'old-ended']);
  });

  it('lists upcoming shows apart, soonest first', () => {
    const card = (id: string, status: StreamCard['status'], day: number) =>
      ({
        id,
        status,
        startedAt: '2026-11-22T10:00:00.000Z',
        scheduledFor: `2026-11-2${day}T10:00:00.000Z`,
      }) as StreamCard;
    const soon = sortUpcoming([card('later', 'scheduled', 8), card('live', 'live', 1), card('sooner', 'scheduled', 4)]);
    expect(soon.map((c) => c.id)).toEqual(['sooner', 'later']);
  });
});

describe('viewer reconnects', () => {
  it('retries while fewer than 3 retries were made, then fails', () => {
    let retries = 0;
    const states = [];
    for (let i = 0; i < 5; i++) {
      const next = afterFailure(retries);
      retries = next.retries;
      states.push(next.state);
    }
    expect(states).toEqual(['reconnecting', 'reconnecting', 'reconnecting', 'failed', 'failed']);
  });
});

describe('the host form in the browser', () => {
  const valid = { title: 'Friday finds', durationMinutes: '5' };
  it('passes a valid form', () => {
    expect(validateHostForm(valid, null)).toEqual({});
  });
  it('answers in the exact words people see', () => {
    const big = { size: 5_242_881 } as File;
    expect(validateHostForm({ title: '  ', durationMinutes: '0' }, big)).toEqual({
      title: 'Please enter a title.',
      durationMinutes: 'Bidding duration must be a whole number of minutes from 1 to 120.',
      cover: 'Image size should be less than 5MB',
    });
    for (const durationMinutes of ['', '1.5', '121', '-1'])
      expect(validateHostForm({ ...valid, durationMinutes }, null).durationMinutes, durationMinutes).toBeDefined();
    expect(validateHostForm({ ...valid, durationMinutes: '1' }, { size: 5_242_880 } as File)).toEqual({});
  });
  it('takes a duration typed in Arabic-Indic digits', () => {
    expect(validateHostForm({ ...valid, durationMinutes: '٣٠' }, null)).toEqual({});
    expect(validateHostForm({ ...valid, durationMinutes: '١٢١' }, null).durationMinutes).toBeDefined();
  });
});

describe('mesh pictures (the host encodes once per viewer)', () => {
  it('shrink as viewers come, within about 6 Mbit/s in all', () => {
    expect(encodingFor(1)).toEqual({ maxBitrate: 1_500_000, scaleResolutionDownBy: 1 });
    expect(encodingFor(5)).toEqual({ maxBitrate: 1_200_000, scaleResolutionDownBy: 1.5 });
    expect(encodingFor(10)).toEqual({ maxBitrate: 600_000, scaleResolutionDownBy: 2 });
    expect(encodingFor(40).maxBitrate).toBe(250_000);
    for (let n = 4; n <= 24; n++) expect(encodingFor(n).maxBitrate * n).toBeLessThanOrEqual(6_000_000);
  });
});
