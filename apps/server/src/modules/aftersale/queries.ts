import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Cursor } from '../../lib/cursor.js';

type Db = Kysely<DB> | Transaction<DB>;

// Ratings -----------------------------------------------------------------------------------------

export const insertRating = (db: Db, row: Insertable<DB['seller_ratings']>) =>
  db.insertInto('seller_ratings').values(row).execute();

const ratingColumns = [
  'seller_ratings.id',
  'seller_ratings.order_id',
  'seller_ratings.seller_id',
  'seller_ratings.stars',
  'seller_ratings.comment',
  'seller_ratings.reply',
  'seller_ratings.replied_at',
  'seller_ratings.created_at',
  'users.id as buyer_id',
  'users.username as buyer_username',
  'users.avatar_key as buyer_avatar',
] as const;

const ratingsWithBuyer = (db: Db) =>
  db.selectFrom('seller_ratings').innerJoin('users', 'users.id', 'seller_ratings.buyer_id').select(ratingColumns);

export type RatingRow = Awaited<ReturnType<typeof ratingById>> & object;

export const ratingById = (db: Db, id: string) =>
  ratingsWithBuyer(db).where('seller_ratings.id', '=', id).executeTakeFirst();

/** A page of a seller's ratings, newest first, after the cursor's `(created_at, id)` (ADR 0006). */
export function ratingsOfSeller(db: Db, sellerId: string, limit: number, before?: Cursor) {
  let q = ratingsWithBuyer(db).where('seller_ratings.seller_id', '=', sellerId);
  if (before)
    q = q.where((eb) =>
      eb(eb.refTuple('seller_ratings.created_at', 'seller_ratings.id'), '<', eb.tuple(String(before[0]), before[1])),
    );
  return q.orderBy('seller_ratings.created_at', 'desc').orderBy('seller_ratings.id', 'desc').limit(limit).execute();
}

/** Ratings on a person's orders (as buyer) and of them (as seller). */
export const ratingsOfPerson = (db: Db, userId: string, limit: number) =>
  ratingsWithBuyer(db)
    .where((eb) => eb.or([eb('seller_ratings.buyer_id', '=', userId), eb('seller_ratings.seller_id', '=', userId)]))
    .orderBy('seller_ratings.created_at', 'desc')
    .limit(limit)
    .execute();

/** The seller's reply, once: only while there is none. */
export async function setReply(db: Db, id: string, sellerId: string, text: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('seller_ratings')
    .set({ reply: text, replied_at: at })
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const ratingSummary = (db: Db, sellerId: string) =>
  db
    .selectFrom('seller_ratings')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.avg<number | string>('stars').as('average')])
    .where('seller_id', '=', sellerId)
    .executeTakeFirstOrThrow();

export const userExists = async (db: Db, id: string) =>
  (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

// Problems ----------------------------------------------------------------------------------------

export const insertProblem = (db: Db, row: Insertable<DB['order_problems']>) =>
  db.insertInto('order_problems').values(row).execute();

const problems = (db: Db) =>
  db
    .selectFrom('order_problems')
    .innerJoin('order_lines', 'order_lines.id', 'order_problems.line_id')
    .innerJoin('users as buyer', 'buyer.id', 'order_problems.buyer_id')
    .innerJoin('users as seller', 'seller.id', 'order_problems.seller_id')
    .selectAll('order_problems')
    .select([
      'order_lines.title',
      'buyer.username as buyer_username',
      'buyer.avatar_key as buyer_avatar',
      'seller.username as seller_username',
      'seller.avatar_key as seller_avatar',
    ]);

export type ProblemRow = NonNullable<Awaited<ReturnType<typeof problemById>>>;

export const problemById = (db: Db, id: string) => problems(db).where('order_problems.id', '=', id).executeTakeFirst();

export const problemsOfPerson = (db: Db, userId: string, limit: number) =>
  problems(db)
    .where((eb) => eb.or([eb('order_problems.buyer_id', '=', userId), eb('order_problems.seller_id', '=', userId)]))
    .orderBy('order_problems.created_at', 'desc')
    .limit(limit)
    .execute();

export const escalatedProblems = (db: Db, limit: number) =>
  problems(db)
    .where('order_problems.status', '=', 'escalated')
    .orderBy('order_problems.escalated_at')
    .orderBy('order_problems.id')
    .limit(limit)
    .execute();

/** The seller answers, once, before the deadline: the update names both, so a late or second answer changes nothing. */
export async function answer(
  db: Db,
  id: string,
  sellerId: string,
  given: { kind: string; text: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('order_problems')
    .set({ status: 'answered', answer_kind: given.kind, answer_text: given.text, answered_at: at })
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'open')
    .where('answer_by', '>=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The buyer escalates an answered problem, or an open one whose answer time has passed. */
export async function escalate(db: Db, id: string, buyerId: string, text: string | null, at: string): Promise<boolean> {
  const result = await db
    .updateTable('order_problems')
    .set({ status: 'escalated', escalation_text: text, escalated_at: at })
    .where('id', '=', id)
    .where('buyer_id', '=', buyerId)
    .where((eb) =>
      eb.or([eb('status', '=', 'answered'), eb.and([eb('status', '=', 'open'), eb('answer_by', '<', at)])]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Open problems whose answer time has passed and whose buyer has not been told yet, oldest deadline first. */
export const unansweredUntold = (db: Db, now: string, limit: number) =>
  problems(db)
    .where('order_problems.status', '=', 'open')
    .where('order_problems.answer_by', '<', now)
    .where('order_problems.unanswered_told_at', 'is', null)
    .orderBy('order_problems.answer_by')
    .limit(limit)
    .execute();

/**
 * Claims the buyer's "unanswered" notice: only one caller's update finds it untold and still open,
 * so several instances running the job tell the buyer once.
 */
export async function markUnansweredTold(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('order_problems')
    .set({ unanswered_told_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('unanswered_told_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The next answer deadline still ahead of an open problem, for the job to sleep until. */
export const nextAnswerBy = (db: Db, now: string) =>
  db
    .selectFrom('order_problems')
    .select((eb) => eb.fn.min('answer_by').as('next'))
    .where('status', '=', 'open')
    .where('answer_by', '>=', now)
    .where('unanswered_told_at', 'is', null)
    .executeTakeFirst();

/** Staff decide, once: two staff deciding the same problem at once, one of them does. */
export async function decide(
  db: Db,
  id: string,
  staffId: string,
  given: { decision: string; reason: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('order_problems')
    .set({
      status: 'decided',
      decision: given.decision,
      decision_reason: given.reason,
      decided_by: staffId,
      decided_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'escalated')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every stored photo key, for the orphan sweep. */
export const problemPhotoColumns = (db: Db) => db.selectFrom('order_problems').select('photos').execute();

/** Problems whose photos still have public keys (stored before they were made private), a batch at a time. */
export const problemsWithPublicPhotos = (db: Db, limit: number) =>
  db
    .selectFrom('order_problems')
    .select(['id', 'photos'])
    .where('photos', 'like', '%"problems/%')
    .orderBy('id')
    .limit(limit)
    .execute();

/** Swaps a problem's photo keys, only if nobody swapped them since they were read. */
export async function swapPhotos(db: Db, id: string, seen: string, photos: string): Promise<boolean> {
  const result = await db
    .updateTable('order_problems')
    .set({ photos })
    .where('id', '=', id)
    .where('photos', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
