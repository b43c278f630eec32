import { type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

import { userById } from './queries.js';

type Db = Kysely<DB> | Transaction<DB>;

// What Souq keeps about a person, for their export: every module's table, read for one person (ADR 0046).

/** Giveaways they entered in shows (ADR 0054), and whether the draw named them. */
const giveawaysEntered = (db: Db, userId: string) =>
  db
    .selectFrom('giveaway_entries')
    .innerJoin('stream_giveaways', 'stream_giveaways.id', 'giveaway_entries.giveaway_id')
    .innerJoin('products', 'products.id', 'stream_giveaways.product_id')
    .select([
      'stream_giveaways.stream_id',
      'products.title',
      'stream_giveaways.status',
      'stream_giveaways.winner_id',
      'stream_giveaways.order_id',
      'giveaway_entries.created_at',
    ])
    .where('giveaway_entries.user_id', '=', userId)
    .orderBy('giveaway_entries.created_at')
    .execute();

/**
 * Every section of the export, read with the person's own rows and only what they already saw of
 * other people (a buyer's username on their own sale, a seller's on their purchase), never who
 * reported them or who viewed what.
 */
export async function personalData(db: Db, userId: string) {
  const user = await userById(db, userId);
  if (!user) return undefined;
  const usernames = (ids: Array<string | null>) => namesOf(db, ids);

  const { sessions, taxDetails, orders, orderLines, sales, invoices } = await accountAndOrdersOf(db, userId);
  const { bids, maxima, prebids, secondChance, strikes, chat } = await biddingOf(db, userId);
  const {
    reviews,
    ratings,
    problems,
    reports,
    savedSearches,
    notifications,
    notificationMutes,
    pushDevices,
    following,
    likes,
    reminders,
    hidden,
    opened,
  } = await activityOf(db, userId);
  const { products, auctions, shows } = await listingsOf(db, userId);
  const deliveryAttempts = await db
    .selectFrom('delivery_attempts')
    .select([
      'line_id',
      'outcome',
      'reason',
      'created_at',
      'reply_note',
      'replied_at',
      'dispute_note',
      'disputed_at',
      'decision',
    ])
    .where('buyer_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const addressBook = await db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

  // Offers on fixed-price items (ADR 0053): those they made and those made on their products.
  const offers = await db
    .selectFrom('offers')
    .select([
      'product_id',
      'title',
      'buyer_id',
      'seller_id',
      'list_price',
      'amount',
      'counter_amount',
      'status',
      'created_at',
      'updated_at',
      'order_id',
    ])
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .orderBy('created_at')
    .execute();

  const giveawayEntries = await giveawaysEntered(db, userId);

  const names = await usernames([
    ...offers.flatMap((o) => [o.buyer_id, o.seller_id]),
    ...orderLines.map((l) => l.seller_id),
    ...sales.map((s) => s.buyer_id),
    ...ratings.map((r) => r.seller_id),
    ...following.map((f) => f.followee_id),
    ...invoices.flatMap((i) => [i.seller_id, i.buyer_id]),
    ...problems.flatMap((p) => [p.seller_id, p.buyer_id]),
  ]);

  return {
    user,
    giveawayEntries,
    sessions,
    taxDetails,
    orders,
    orderLines,
    sales,
    invoices,
    bids,
    maxima,
    prebids,
    secondChance,
    strikes,
    chat,
    reviews,
    ratings,
    problems,
    reports,
    savedSearches,
    notifications,
    notificationMutes,
    pushDevices,
    following,
    likes,
    reminders,
    hidden,
    opened,
    products,
    auctions,
    shows,
    addressBook,
    deliveryAttempts,
    offers,
    names,
  };
}

/** The account's sessions and tax details, and what they bought and sold. */
async function accountAndOrdersOf(db: Db, userId: string) {
  const [sessions, taxDetails] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'user_agent'])
      .where('user_id', '=', userId)
      .execute(),
    db.selectFrom('seller_tax_details').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ]);

  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const orderIds = orders.map((o) => o.id);
  const orderLines = orderIds.length
    ? await db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('position').execute()
    : [];
  const sales = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.id',
      'order_lines.order_id',
      'order_lines.title',
      'order_lines.unit_price',
      'order_lines.quantity',
      'order_lines.line_total',
      'order_lines.status',
      'order_lines.shipped_at',
      'orders.created_at',
      'orders.buyer_id',
    ])
    .where('order_lines.seller_id', '=', userId)
    .orderBy('orders.created_at')
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .select([
      'id',
      'number',
      'order_id',
      'seller_id',
      'buyer_id',
      'credits_id',
      'issued_at',
      'subtotal',
      'vat',
      'total',
    ])
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .orderBy('issued_at')
    .execute();
  return { sessions, taxDetails, orders, orderLines, sales, invoices };
}

/** Their bids, maxima, pre-bids, second chances, strikes and chat lines. */
async function biddingOf(db: Db, userId: string) {
  const bids = await db
    .selectFrom('bids')
    .innerJoin('auctions', 'auctions.id', 'bids.auction_id')
    .select(['bids.auction_id', 'auctions.title', 'bids.amount', 'bids.auto', 'bids.created_at'])
    .where('bids.bidder_id', '=', userId)
    .orderBy('bids.created_at')
    .execute();
  const maxima = await db
    .selectFrom('auction_max_bids')
    .innerJoin('auctions', 'auctions.id', 'auction_max_bids.auction_id')
    .select(['auction_max_bids.auction_id', 'auctions.title', 'auction_max_bids.max_amount'])
    .where('auction_max_bids.bidder_id', '=', userId)
    .execute();
  const prebids = await db
    .selectFrom('lot_prebids')
    .innerJoin('auctions', 'auctions.id', 'lot_prebids.auction_id')
    .select(['lot_prebids.auction_id', 'auctions.title', 'lot_prebids.max_amount', 'lot_prebids.created_at'])
    .where('lot_prebids.user_id', '=', userId)
    .execute();
  const secondChance = await db
    .selectFrom('second_chance_offers')
    .select(['auction_id', 'amount', 'status', 'expires_at', 'created_at', 'decided_at'])
    .where('bidder_id', '=', userId)
    .execute();
  const strikes = await db
    .selectFrom('unpaid_strikes')
    .select(['order_id', 'title', 'created_at'])
    .where('user_id', '=', userId)
    .execute();

  const chat = await db
    .selectFrom('stream_messages')
    .innerJoin('streams', 'streams.id', 'stream_messages.stream_id')
    .select([
      'stream_messages.stream_id',
      'streams.title as show',
      'stream_messages.kind',
      'stream_messages.text',
      'stream_messages.amount',
      'stream_messages.created_at',
      'stream_messages.deleted_at',
    ])
    .where('stream_messages.user_id', '=', userId)
    .orderBy('stream_messages.seq')
    .execute();
  return { bids, maxima, prebids, secondChance, strikes, chat };
}

/** What they wrote, reported, followed, liked, saved, were told, hid and opened. */
async function activityOf(db: Db, userId: string) {
  const reviews = await db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select(['reviews.product_id', 'products.title as product', 'reviews.text', 'reviews.rating', 'reviews.created_at'])
    .where('reviews.user_id', '=', userId)
    .execute();
  const ratings = await db
    .selectFrom('seller_ratings')
    .select(['order_id', 'seller_id', 'stars', 'comment', 'reply', 'created_at'])
    .where('buyer_id', '=', userId)
    .execute();
  const problems = await db
    .selectFrom('order_problems')
    .selectAll()
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .execute();

  const reports = await db
    .selectFrom('reports')
    .select(['target_kind', 'target_id', 'reason', 'text', 'created_at', 'resolved_at', 'resolution'])
    .where('reporter_id', '=', userId)
    .execute();
  const savedSearches = await db
    .selectFrom('saved_searches')
    .select(['text', 'category', 'max_price', 'auctions_only', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const notifications = await db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  // Settings → Notifications and the devices that get push messages (issue 48): never their keys.
  const notificationMutes = await db
    .selectFrom('notification_mutes')
    .select(['kind', 'channel'])
    .where('user_id', '=', userId)
    .execute();
  const pushDevices = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const following = await db
    .selectFrom('follows')
    .select(['followee_id', 'created_at'])
    .where('follower_id', '=', userId)
    .execute();
  const likes = await db
    .selectFrom('product_likes')
    .innerJoin('products', 'products.id', 'product_likes.product_id')
    .select(['product_likes.product_id', 'products.title', 'product_likes.created_at'])
    .where('product_likes.user_id', '=', userId)
    .execute();
  const reminders = await db
    .selectFrom('stream_reminders')
    .select(['stream_id', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const hidden = await db
    .selectFrom('feed_hidden')
    .select(['item_id', 'category', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const opened = await db
    .selectFrom('item_opens')
    .select(['item_kind', 'item_id', 'category', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  return {
    reviews,
    ratings,
    problems,
    reports,
    savedSearches,
    notifications,
    notificationMutes,
    pushDevices,
    following,
    likes,
    reminders,
    hidden,
    opened,
  };
}

/** What they listed: products, auctions and shows. */
async function listingsOf(db: Db, userId: string) {
  const products = await db
    .selectFrom('products')
    .select([
      'id',
      'title',
      'description',
      'title_ar',
      'description_ar',
      'category',
      'price',
      'condition',
      'brand',
      'images',
      'created_at',
      'hidden_at',
      'hidden_reason',
    ])
    .where('owner_id', '=', userId)
    .execute();
  const auctions = await db
    .selectFrom('auctions')
    .select(['id', 'title', 'starting_bid', 'current_bid', 'status', 'starts_at', 'ends_at', 'images', 'created_at'])
    .where('seller_id', '=', userId)
    .execute();
  const shows = await db
    .selectFrom('streams')
    .select(['id', 'title', 'status', 'scheduled_for', 'started_at', 'ended_at', 'cover_key'])
    .where('host_id', '=', userId)
    .execute();
  return { products, auctions, shows };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalData>>>;

async function namesOf(db: Db, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
