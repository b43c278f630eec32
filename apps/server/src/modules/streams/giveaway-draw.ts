import crypto from 'node:crypto';

/** What a draw keeps so staff can run it again: the seed, the entries' hash and the winner. */
export interface Draw {
  seed: string;
  entriesHash: string;
  winnerId: string | null;
}

/** The entrants in the one order a draw reads them: by user id, so the list is the same whoever reads it. */
export const drawOrder = (userIds: readonly string[]): string[] => [...userIds].sort();

export const entriesHashOf = (userIds: readonly string[]): string =>
  crypto.createHash('sha256').update(drawOrder(userIds).join('\n')).digest('hex');

const SPACE = 2n ** 48n;

/**
 * The winner's index, uniformly at random from `count` given the seed and the entries' hash:
 * HMAC-SHA256 draws 48-bit numbers in turn and takes the first below the largest multiple of
 * `count` (rejection sampling, so no entrant is more likely than another).
 */
export function pickIndex(seed: string, entriesHash: string, count: number): number {
  const n = BigInt(count);
  const limit = SPACE - (SPACE % n);
  for (let round = 0; ; round++) {
    const digest = crypto.createHmac('sha256', seed).update(`${entriesHash}:${round}`).digest();
    const value = digest.readUIntBE(0, 6);
    if (BigInt(value) < limit) return Number(BigInt(value) % n);
  }
}

/** Draws a winner from the entrants with a fresh seed (or the stored one, to replay a draw). */
export function draw(userIds: readonly string[], seed = crypto.randomBytes(32).toString('hex')): Draw {
  const ordered = drawOrder(userIds);
  const entriesHash = entriesHashOf(ordered);
  const winnerId = ordered.length ? ordered[pickIndex(seed, entriesHash, ordered.length)]! : null;
  return { seed, entriesHash, winnerId };
}
