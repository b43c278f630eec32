import type { Clock } from '../../lib/clock.js';
import { keptFor } from '../../lib/kept-for.js';
import type { AuctionsPort } from '../auctions/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { Candidate, Taste } from './ranking.js';

const DAY = 86_400_000;
/** "New" for the exploration slots. */
const NEW_FOR_MS = 14 * DAY;
/** How long a candidate pool is shared: a new listing reaches others' new sessions within this. */
export const POOLS_KEPT_MS = 5_000;
/** Pools kept: the shared ones, each category's and the sellers people like most. */
const POOLS_KEPT = 2_000;

type ProductPoolRow = { id: string; owner_id: string; category: string; popularity: number; created_at: string };
type AuctionPoolRow = {
  id: string;
  seller_id: string;
  category: string;
  bid_count: number;
  created_at: string;
  ends_at: string;
};

const productCandidate = (p: ProductPoolRow, explore = false): Candidate => ({
  key: `p:${p.id}`,
  kind: 'product',
  sellerId: p.owner_id,
  category: p.category,
  popularity: p.popularity,
  createdAt: Date.parse(p.created_at),
  ...(explore && { explore }),
});

const auctionCandidate = (a: AuctionPoolRow): Candidate => ({
  key: `a:${a.id}`,
  kind: 'auction',
  sellerId: a.seller_id,
  category: a.category,
  popularity: 2 * a.bid_count,
  createdAt: Date.parse(a.created_at),
  endsAt: Date.parse(a.ends_at),
});

const top = (weights: Map<string, number>, n: number) =>
  [...weights]
    .filter(([, w]) => w > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k]) => k);

export interface CandidatePorts {
  catalog: Pick<CatalogPort, 'feedCandidates'>;
  auctions: Pick<AuctionsPort, 'feedCandidates'>;
}

/**
 * What a new session's order is chosen from. Candidate pools are the same for everyone (the
 * viewer's own items are dropped afterwards), so one read of a pool serves every feed built within
 * POOLS_KEPT_MS: a busy server reads the popular, fresh and category pools a few times a minute
 * instead of for every new session.
 */
export function createCandidates(clock: Clock, ports: CandidatePorts) {
  const pool = keptFor<Candidate[]>(clock, POOLS_KEPT_MS, POOLS_KEPT);
  const productPool = (key: string, opts: Parameters<typeof ports.catalog.feedCandidates>[0], explore = false) =>
    pool(`p:${key}`, async () => (await ports.catalog.feedCandidates(opts)).map((p) => productCandidate(p, explore)));
  const auctionPool = (key: string, opts: Parameters<typeof ports.auctions.feedCandidates>[0]) =>
    pool(`a:${key}`, async () => (await ports.auctions.feedCandidates(opts)).map(auctionCandidate));

  /** Candidates from cheap, indexed pools: popular, fresh, new and little-seen, the person's categories and sellers, auctions ending. */
  return async function candidatesFor(viewerId: string | null, taste: Taste): Promise<Candidate[]> {
    const since = clock.iso(-NEW_FOR_MS);
    const categories = top(taste.categories, 4);
    const sellers = top(taste.sellers, 8).filter((s) => s !== viewerId);
    // Later pools win a key: a newcomer keeps its exploration mark.
    const pools = await Promise.all([
      productPool('popular', { limit: 200, order: 'popular' }),
      productPool('fresh', { limit: 100, order: 'fresh' }),
      ...categories.map((category) => productPool(`category:${category}`, { limit: 80, order: 'popular', category })),
      ...sellers.map((ownerId) => productPool(`seller:${ownerId}`, { limit: 30, order: 'fresh', ownerId })),
      productPool('new', { limit: 120, order: 'fresh', since, maxPopularity: 2 }, true),
      auctionPool('ending', { limit: 80 }),
      ...categories.map((category) => auctionPool(`category:${category}`, { limit: 20, category })),
      ...sellers.map((sellerId) => auctionPool(`seller:${sellerId}`, { limit: 10, sellerId })),
    ]);
    const byKey = new Map<string, Candidate>();
    for (const c of pools.flat()) if (c.sellerId !== viewerId) byKey.set(c.key, c);
    return [...byKey.values()];
  };
}
