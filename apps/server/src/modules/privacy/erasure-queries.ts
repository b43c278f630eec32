import { type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

import { exportFilesOf, userById } from './queries.js';

type Db = Kysely<DB> | Transaction<DB>;

// The erasure: one transaction that writes every module's table for one person (ADR 0046).

/** The erasure's first write: one erasure of a person, and a lock on their row for the rest of it. */
export async function claimErasure(trx: Transaction<DB>, userId: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ erased_at: now })
    .where('id', '=', userId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The stored files an erasure removes once it has committed: every photo the person put on Souq. */
export async function filesOf(db: Db, userId: string) {
  const [user, products, auctions, shows, clips, problems, exports] = await Promise.all([
    db.selectFrom('users').select('avatar_key').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('products').select(['images', 'invoice_key']).where('owner_id', '=', userId).execute(),
    db.selectFrom('auctions').select('images').where('seller_id', '=', userId).execute(),
    db.selectFrom('streams').select('cover_key').where('host_id', '=', userId).execute(),
    db
      .selectFrom('lot_clips')
      .innerJoin('streams', 'streams.id', 'lot_clips.stream_id')
      .select('lot_clips.storage_key')
      .where('streams.host_id', '=', userId)
      .execute(),
    db.selectFrom('order_problems').select('photos').where('buyer_id', '=', userId).execute(),
    exportFilesOf(db, userId),
  ]);
  return { user, products, auctions, shows, clips, problems, exports };
}

/**
 * Erases a person, in the caller's transaction: what identifies them goes, what the law makes Souq
 * keep (invoices and credit notes as issued, the amounts of orders for the seller's books) stays,
 * with no contact details. Their row stays under a name no one can choose, so the records that
 * point at it (orders, invoices, reviews, chat lines) still hold together and show "Deleted account".
 */
export async function erase(
  trx: Transaction<DB>,
  userId: string,
  names: { username: string; email: string },
  now: string,
) {
  const oldUsername = (await userById(trx, userId))?.username;

  // Counters others see move with the rows that made them.
  await trx
    .updateTable('users')
    .set((eb) => ({ followers_count: eb('followers_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('follows').select('followee_id').where('follower_id', '=', userId))
    .execute();
  await trx
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('follows').select('follower_id').where('followee_id', '=', userId))
    .execute();
  await trx
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
    .execute();
  await trx
    .updateTable('products')
    .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('product_likes').select('product_id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('product_likes').where('user_id', '=', userId).execute();

  // The account itself: no way in, nothing to reach them by.
  await trx
    .updateTable('users')
    .set({
      email: names.email,
      username: names.username,
      password_hash: null,
      google_sub: null,
      display_name: null,
      phone: null,
      avatar_key: null,
      bio: '',
      contact_email: null,
      locale: null,
      suspended_reason: null,
      erased_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
  await trx.deleteFrom('seller_tax_details').where('user_id', '=', userId).execute();

  await forgetDeliveries(trx, userId);
  await closeOffers(trx, userId, now);

  // Their listings leave the shop, without their photos.
  await trx
    .updateTable('products')
    .set({ hidden_at: now, hidden_reason: 'Account deleted', images: '[]', invoice_key: null })
    .where('owner_id', '=', userId)
    .execute();
  await trx
    .updateTable('auctions')
    .set({ hidden_at: now, hidden_reason: 'Account deleted', images: '[]' })
    .where('seller_id', '=', userId)
    .execute();
  await trx.updateTable('order_lines').set({ image_key: null }).where('seller_id', '=', userId).execute();
  await trx.updateTable('streams').set({ cover_key: null }).where('host_id', '=', userId).execute();
  await trx
    .deleteFrom('lot_clips')
    .where('stream_id', 'in', trx.selectFrom('streams').select('id').where('host_id', '=', userId))
    .execute();
  await trx.updateTable('order_problems').set({ photos: '[]' }).where('buyer_id', '=', userId).execute();

  await deleteOwnRows(trx, userId);

  if (oldUsername) await renameInOthersText(trx, oldUsername);
}

/**
 * Their offers stop (ADR 0053): those they made and still waiting are withdrawn, an accepted one
 * lapses and its unit goes back to the seller, those made on their items are declined, and their
 * items take no more. The moves are conditional on the status, as the lapse job's are.
 */
async function closeOffers(trx: Transaction<DB>, userId: string, now: string) {
  const held = await trx
    .updateTable('offers')
    .set({ status: 'lapsed', updated_at: now })
    .where('buyer_id', '=', userId)
    .where('status', '=', 'accepted')
    .returning('product_id')
    .execute();
  for (const { product_id } of held)
    await trx
      .updateTable('offer_terms')
      .set((eb) => ({ reserved: eb('reserved', '-', 1) }))
      .where('product_id', '=', product_id)
      .where('reserved', '>', 0)
      .execute();
  const waiting = ['pending', 'countered'];
  await trx
    .updateTable('offers')
    .set({ status: 'withdrawn', updated_at: now })
    .where('buyer_id', '=', userId)
    .where('status', 'in', waiting)
    .execute();
  await trx
    .updateTable('offers')
    .set({ status: 'declined', declined: 'seller', updated_at: now })
    .where('seller_id', '=', userId)
    .where('status', 'in', waiting)
    .execute();
  await trx.updateTable('offer_terms').set({ allow: 0, updated_at: now }).where('seller_id', '=', userId).execute();
}

/** Orders stay for the seller's books; the buyer's delivery address and phone go, with their address book and their words at the door. */
async function forgetDeliveries(trx: Transaction<DB>, userId: string) {
  await trx
    .updateTable('orders')
    .set({
      emirate: '',
      area: '',
      street: '',
      phone: '',
      building: '',
      flat: '',
      landmark: '',
      phone_e164: null,
      latitude: null,
      longitude: null,
      makani: null,
    })
    .where('buyer_id', '=', userId)
    .execute();

  await trx.deleteFrom('addresses').where('user_id', '=', userId).execute();
  // The seller's record of attempts stays (their delivery figures); the buyer's own words go.
  await trx
    .updateTable('delivery_attempts')
    .set({ reply_note: null, dispute_note: null })
    .where('buyer_id', '=', userId)
    .execute();
  await trx.deleteFrom('cod_block_lifts').where('buyer_id', '=', userId).execute();
}

/** What was only theirs. */
async function deleteOwnRows(trx: Transaction<DB>, userId: string) {
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification_mutes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('mail_throttle').where('user_id', '=', userId).execute();
  await trx.deleteFrom('saved_search_hits').where('user_id', '=', userId).execute();
  await trx.deleteFrom('saved_search_digests').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('saved_search_words')
    .where('search_id', 'in', trx.selectFrom('saved_searches').select('id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('saved_searches').where('user_id', '=', userId).execute();
  await trx.deleteFrom('feed_hidden').where('user_id', '=', userId).execute();
  await trx.deleteFrom('item_opens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('feed_sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stream_reminders').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stream_mutes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stream_bans').where('user_id', '=', userId).execute();
  await trx.deleteFrom('lot_prebids').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('host_moderators')
    .where((eb) => eb.or([eb('host_id', '=', userId), eb('user_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('product_views').where('viewer', '=', `u:${userId}`).execute();
  await trx.deleteFrom('data_exports').where('user_id', '=', userId).execute();
}

/**
 * Where a person's old username was written into other people's news and chat ("Sold to amira
 * for…"), it becomes "Deleted account": only where it stands as a whole name, never inside another word.
 */
async function renameInOthersText(trx: Transaction<DB>, oldUsername: string) {
  // A candidate: `_` in a name matches any one character here, which only widens the search.
  const like = `%${oldUsername}%`;
  const whole = new RegExp(`(?<![\\p{L}\\p{N}._-])${escapeRegExp(oldUsername)}(?![\\p{L}\\p{N}._-])`, 'gu');
  const rename = (text: string) => text.replace(whole, 'Deleted account');
  const news = await trx
    .selectFrom('notifications')
    .select(['id', 'title', 'body'])
    .where((eb) => eb.or([eb('title', 'like', like), eb('body', 'like', like)]))
    .execute();
  for (const n of news)
    await trx
      .updateTable('notifications')
      .set({ title: rename(n.title), body: rename(n.body) })
      .where('id', '=', n.id)
      .execute();
  const lines = await trx.selectFrom('stream_messages').select(['id', 'text']).where('text', 'like', like).execute();
  for (const l of lines)
    await trx
      .updateTable('stream_messages')
      .set({ text: rename(l.text) })
      .where('id', '=', l.id)
      .execute();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
