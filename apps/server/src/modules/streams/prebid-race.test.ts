import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { AED } from '../../../test/auction-support.js';
import { call, insertProduct, productForm, type TestUser } from '../../../test/catalog-support.js';
import { endLiveStreams, liveSuite } from '../../../test/stream-support.js';
import { DIALECTS, apiError, type TestApp } from '../../../test/support.js';

const ROUNDS = 50;
const CROWD = 8;

/**
 * Issue 42, item 1: pre-bids sent while the host taps Start lot. Each one answered 200 must bid
 * when the lot starts; one that comes too late is refused with 409, never acknowledged and dropped.
 */
describe.each(DIALECTS)('pre-bids racing the lot’s start (%s)', (dialect) => {
  const live = liveSuite(dialect, [{}, ...Array.from({ length: CROWD }, () => ({}))]);
  let t: TestApp;
  let host: TestUser;
  let crowd: TestUser[];
  beforeAll(() => {
    t = live.t;
    [host, ...crowd] = live.users;
    // The fake clock stamps every pre-bid alike, so they bid in the order of their ids: rising
    // maximums in that order make every placed pre-bid a bid of its own (none is outbid before it bids).
    crowd.sort((a, b) => (a.id < b.id ? -1 : 1));
  });

  async function oneLotShow() {
    const productId = await insertProduct(t, host.id, { title: 'Lot' });
    const lots = JSON.stringify([{ productId, startingBid: AED(100) }]);
    const res = await call(t, 'POST', '/api/streams', {
      user: host,
      form: productForm({ title: 'Race show', durationMinutes: '60', lots }, []),
    });
    if (res.statusCode !== 201) throw new Error(`go live answered ${res.statusCode}: ${res.body}`);
    const id = (res.json() as { id: string }).id;
    const { lots: sheet } = (await call(t, 'GET', `/api/streams/${id}`, { user: host })).json() as {
      lots: { id: string }[];
    };
    return { id, lotId: sheet[0]!.id };
  }

  it(`every acknowledged pre-bid bids, ${ROUNDS} rounds of ${CROWD}`, async () => {
    const lost: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { id, lotId } = await oneLotShow();
      const url = `/api/streams/${id}/lots/${lotId}`;
      const [started, ...answers] = await Promise.all([
        call(t, 'POST', `${url}/start`, { user: host }),
        ...crowd.map((u, i) => call(t, 'PUT', `${url}/prebid`, { user: u, json: { maxAmount: AED(200 + 100 * i) } })),
      ]);
      expect(started.statusCode, started.body).toBe(200);
      const bidders = new Set(
        (await t.database.db.selectFrom('bids').select('bidder_id').where('auction_id', '=', lotId).execute()).map(
          (b) => b.bidder_id,
        ),
      );
      for (const [i, res] of answers.entries()) {
        if (res.statusCode === 409) expect(res.json()).toEqual(apiError('CONFLICT', MSG.prebidLotRunning));
        else expect(res.statusCode, res.body).toBe(200);
        if (res.statusCode === 200 && !bidders.has(crowd[i]!.id)) lost.push(`round ${round}, bidder ${i}`);
      }
      await endLiveStreams(t);
    }
    expect(lost).toEqual([]);
    // 400 races on PostgreSQL: 9 s alone, over 30 s beside the whole suite on two cores.
  }, 90_000);
});
