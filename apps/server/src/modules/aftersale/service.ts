import type { Kysely } from 'kysely';
import type { Aftersale } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Problems } from './problems.js';
import * as q from './queries.js';
import type { Ratings } from './ratings.js';
import type { LateShipment } from './port.js';

/** What the order and sales pages show beside each line, at most this many of each. */
const MINE_LIMIT = 100;

export type AftersaleService = ReturnType<typeof joinAftersale>;

/** The module's three parts (shipping deadline, ratings, problems) and what the order pages read of them together. */
export function joinAftersale(db: Kysely<DB>, shipping: LateShipment, ratings: Ratings, problems: Problems) {
  return {
    shipping,
    ratings,
    problems,
    /** Ratings and problems on the person's orders and sales; the pages match them to lines. */
    async mine(user: UserRow): Promise<Aftersale> {
      const [given, open] = await Promise.all([
        q.ratingsOfPerson(db, user.id, MINE_LIMIT),
        problems.ofPerson(user, MINE_LIMIT),
      ]);
      return { ratings: given.map(ratings.toRating), problems: open };
    },
  };
}
