/**
 * The For You ranking: pure functions over a person's taste and a pool of candidates, so the
 * same code serves the API, the tests and the quality benchmark.
 *
 * Score = what this person likes (categories and sellers, from likes, purchases, bids, opens and
 * follows; "Not interested" pushes a seller and a category down) blended with popularity,
 * freshness and auctions ending soon. Then diversity: never three in a row from one seller,
 * categories interleaved, and about one slot in five goes to a new, little-seen item so new
 * sellers get seen.
 */

export interface Candidate {
  key: string;
  kind: 'product' | 'auction';
  sellerId: string;
  category: string;
  popularity: number;
  createdAt: number;
  /** Auctions: when bidding ends. */
  endsAt?: number;
  /** New and little-seen: a candidate for the exploration slots. */
  explore?: boolean;
}

/** Signal weights: what a person did says more the more it cost them. */
export const SIGNAL_WEIGHTS = { like: 1, order: 3, bid: 2, open: 0.3, follow: 4 } as const;

export interface Taste {
  categories: Map<string, number>;
  sellers: Map<string, number>;
  followed: Set<string>;
  hiddenSellers: Set<string>;
  hiddenCategories: Map<string, number>;
}

export const emptyTaste = (): Taste => ({
  categories: new Map(),
  sellers: new Map(),
  followed: new Set(),
  hiddenSellers: new Set(),
  hiddenCategories: new Map(),
});

export function addSignal(taste: Taste, signal: { sellerId: string; category: string | null }, weight: number): void {
  taste.sellers.set(signal.sellerId, (taste.sellers.get(signal.sellerId) ?? 0) + weight);
  if (signal.category) taste.categories.set(signal.category, (taste.categories.get(signal.category) ?? 0) + weight);
}

const isEmptyTaste = (taste: Taste) =>
  taste.categories.size === 0 && taste.sellers.size === 0 && taste.followed.size === 0;

const DAY = 86_400_000;

/** How much each part of the score counts (tuned with bench/feed.bench.ts --mode quality). */
/**
 * How much each part of the score counts, tuned with `npm run bench:feed -- --mode quality`
 * (bench/README.md): popularity counts on a squared scale (the head of a long tail is what people
 * pick), category affinity on a flattened one (a second favourite category is nearly as good as
 * the first), seller affinity and follows less, freshness a little.
 */
export const W = {
  popularity: 4,
  popularityExponent: 2,
  category: 3,
  categoryExponent: 0.3,
  seller: 1,
  followed: 0.5,
  freshness: 0.1,
  endingSoon: 0.6,
};
const max = (values: Iterable<number>) => Math.max(1e-9, ...values);

/** How much this person would want each candidate, higher is better. */
export function score(candidates: Candidate[], taste: Taste, now: number): Map<string, number> {
  const topCategory = max(taste.categories.values());
  const topSeller = max(taste.sellers.values());
  const topHidden = max(taste.hiddenCategories.values());
  const topPopularity = Math.max(1, ...candidates.map((c) => c.popularity));
  const personal = !isEmptyTaste(taste);
  const scores = new Map<string, number>();
  for (const c of candidates) {
    const popularity = Math.pow(Math.max(0, c.popularity) / topPopularity, W.popularityExponent);
    // Half-life of a week: new listings get a look, old ones keep their popularity.
    const freshness = Math.pow(0.5, Math.max(0, now - c.createdAt) / (7 * DAY));
    const hoursLeft = c.endsAt === undefined ? Infinity : Math.max(0, c.endsAt - now) / 3_600_000;
    const endingSoon = hoursLeft === Infinity ? 0 : Math.exp(-hoursLeft / 6);
    let s = W.popularity * popularity + W.freshness * freshness + W.endingSoon * endingSoon;
    if (personal) {
      s += W.category * Math.pow((taste.categories.get(c.category) ?? 0) / topCategory, W.categoryExponent);
      s += W.seller * ((taste.sellers.get(c.sellerId) ?? 0) / topSeller);
      if (taste.followed.has(c.sellerId)) s += W.followed;
    }
    if (taste.hiddenSellers.has(c.sellerId)) s -= 8.0;
    s -= 2.0 * ((taste.hiddenCategories.get(c.category) ?? 0) / topHidden);
    scores.set(c.key, s);
  }
  return scores;
}

/** A small deterministic generator, so a session's exploration picks are the same on every page. */
function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h += 0x6d2b79f5;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const EXPLORE_EVERY = 5;

/**
 * The feed's order: best first, with the diversity rules. One slot in EXPLORE_EVERY takes an
 * exploration candidate (shuffled by `seed`); while anything else is left, no slot takes a third
 * item in a row from one seller, nor from one category, so sellers and categories interleave.
 */
export function arrange(
  candidates: Candidate[],
  scores: Map<string, number>,
  opts: { limit: number; seed: string },
): Candidate[] {
  const random = seededRandom(opts.seed);
  const byScore = [...candidates].sort((a, b) => scores.get(b.key)! - scores.get(a.key)! || (a.key < b.key ? -1 : 1));
  const explore = candidates.filter((c) => c.explore).sort((a, b) => (a.key < b.key ? -1 : 1));
  for (let i = explore.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [explore[i], explore[j]] = [explore[j]!, explore[i]!];
  }
  const used = new Set<string>();
  const out: Candidate[] = [];
  /** Never a third in a row from one seller; with `strict`, never a third in a row from one category either. */
  const allowed = (c: Candidate, strict: boolean) => {
    if (used.has(c.key)) return false;
    const [a, b] = [out[out.length - 1], out[out.length - 2]];
    if (!a || !b) return true;
    if (a.sellerId === c.sellerId && b.sellerId === c.sellerId) return false;
    return !(strict && a.category === c.category && b.category === c.category);
  };
  const pick = (pool: Candidate[], strict: boolean) => pool.find((c) => allowed(c, strict));
  while (out.length < opts.limit) {
    const exploring = out.length % EXPLORE_EVERY === EXPLORE_EVERY - 1;
    // Only when nothing else is left may a category run to three, and then a seller: a shop with
    // one other seller still fills the feed rather than ending it after two of theirs.
    const next =
      (exploring ? pick(explore, true) : undefined) ??
      pick(byScore, true) ??
      pick(byScore, false) ??
      byScore.find((c) => !used.has(c.key));
    if (!next) break;
    used.add(next.key);
    out.push(next);
  }
  return out;
}
