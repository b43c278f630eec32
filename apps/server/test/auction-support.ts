import crypto from 'node:crypto';
import type { BidResult, StartAuctionInput } from '@souq/shared';
import { call, insertProduct, type TestUser } from './catalog-support.js';
import type { TestApp } from './support.js';

export const AED = (n: number) => Math.round(n * 100);

/** A product of the seller's (written directly), moved to an auction through the API. */
export async function startAuction(
  t: TestApp,
  seller: TestUser,
  input: Partial<StartAuctionInput> = {},
  product?: Parameters<typeof insertProduct>[2],
): Promise<{ id: string; productId: string }> {
  const productId = await insertProduct(t, seller.id, product);
  const res = await call(t, 'POST', `/api/products/${productId}/auction`, {
    user: seller,
    json: { startingBid: AED(100), duration: '1h', ...input },
  });
  if (res.statusCode !== 201) throw new Error(`start auction answered ${res.statusCode}: ${res.body}`);
  return { id: (res.json() as { id: string }).id, productId };
}

/** A bid through this app, or through another instance of it (`startSiblingApp`). */
export function bid(
  t: Pick<TestApp, 'app'>,
  user: TestUser | null,
  auctionId: string,
  json: { amount: number; maxAmount?: number },
  idempotencyKey?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/bids`,
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: json,
  });
}

export async function bidOk(
  t: Pick<TestApp, 'app'>,
  user: TestUser,
  auctionId: string,
  json: { amount: number; maxAmount?: number },
): Promise<BidResult> {
  const res = await bid(t, user, auctionId, json);
  if (res.statusCode !== 201) throw new Error(`bid answered ${res.statusCode}: ${res.body}`);
  return res.json() as BidResult;
}

export const newKey = () => crypto.randomBytes(12).toString('hex');

export function bidRows(t: TestApp, auctionId: string) {
  return t.database.db.selectFrom('bids').selectAll().where('auction_id', '=', auctionId).orderBy('seq').execute();
}

export function auctionRow(t: TestApp, auctionId: string) {
  return t.database.db.selectFrom('auctions').selectAll().where('id', '=', auctionId).executeTakeFirstOrThrow();
}

/** Moves the auction's end, as if it had been listed for another duration. */
export async function setEnd(t: TestApp, auctionId: string, endsAt: Date | string) {
  await t.database.db
    .updateTable('auctions')
    .set({ ends_at: new Date(endsAt).toISOString() })
    .where('id', '=', auctionId)
    .execute();
}
