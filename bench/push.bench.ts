/**
 * Outbid to the lock screen (issue 48): from the outbidding bid's request to the moment the push
 * service holds the encrypted message for each of the outbid person's devices, beside the bid's
 * own answer (the floor: what the bidder waits for anyway), in one run, on each database.
 *
 *   npm run bench:push [-- --dialects sqlite,postgres --rounds 200 --devices 2]
 *
 * The push service is the test suite's stand-in (apps/server/test/push-standin.ts) on loopback,
 * which verifies the VAPID token and decrypts every message, as a real one would not; so the
 * figure includes that work on the same two cores. Each round is a fresh auction: A bids, B
 * outbids, and A's phones are told.
 */
import { AED, bid, startAuction } from '../apps/server/test/auction-support.js';
import { call, createUser, type TestUser } from '../apps/server/test/catalog-support.js';
import { startPushStandIn } from '../apps/server/test/push-standin.js';
import type { TestApp } from '../apps/server/test/support.js';
import { inProcessApp } from './support/in-process.js';
import { benchOptions } from './support/options.js';
import { benchDatabase, percentile, type Dialect } from './support/server.js';

const options = benchOptions({ dialects: 'sqlite,postgres', rounds: 200, devices: 2 });

const line = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(1);
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};

async function run(dialect: Dialect) {
  const database = await benchDatabase(dialect);
  const push = await startPushStandIn();
  const souq = await inProcessApp({ ...database.env, PUSH_LOOPBACK: 'true', BID_RATE_LIMIT: '100000' });
  const t = souq as unknown as TestApp;
  try {
    const key = ((await call(t, 'GET', '/api/push/key')).json() as { publicKey: string }).publicKey;
    const [seller, outbidder] = [await createUser(t), await createUser(t)];
    const bidders: TestUser[] = [];
    for (let i = 0; i < 20; i++) {
      const user = await createUser(t);
      for (let d = 0; d < options.devices; d++) {
        const phone = push.device(key);
        await call(t, 'POST', '/api/push/subscriptions', { user, json: phone.subscription });
      }
      bidders.push(user);
    }
    const answered: number[] = [];
    const delivered: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const auction = await startAuction(t, seller, { startingBid: AED(100) });
      const bidder = bidders[round % bidders.length]!;
      await bid(t, bidder, auction.id, { amount: AED(100) });
      await souq.afterAnswer.settle();
      const before = push.messages.length;
      const started = performance.now();
      const res = await bid(t, outbidder, auction.id, { amount: AED(120) });
      answered.push(performance.now() - started);
      if (res.statusCode !== 201) throw new Error(`bid answered ${res.statusCode}`);
      await push.waitFor(before + options.devices, 10_000);
      delivered.push(performance.now() - started);
    }
    if (push.refused.length || push.strays.length)
      throw new Error(`refused ${push.refused.length}, strays ${push.strays.length}`);
    console.log(`\n${dialect}: ${options.rounds} outbids, ${options.devices} devices each`);
    console.log(`  bid answered (floor):          ${line(answered)}`);
    console.log(`  every device's push delivered: ${line(delivered)}`);
  } finally {
    await souq.app.close();
    await push.close();
    await database.drop();
  }
}

for (const dialect of options.dialects.split(',') as Dialect[]) await run(dialect);
