import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types as Kysely sees them. Timestamps are ISO-8601 UTC strings in both dialects
 * (docs/decisions/0002-portable-sql.md); money is integer fils.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  username: string;
  display_name: string | null;
  phone: string | null;
  /** The uploaded picture's image key (`avatars/<uuid>`); null shows the default avatar. */
  avatar_key: string | null;
  bio: string;
  contact_email: string | null;
  posts_count: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  google_sub: string | null;
  email_verified_at: string | null;
  created_at: string;
  /** 'en' or 'ar' (issue 29): the language of this person's mail and notifications; null until chosen (English). */
  locale: string | null;
  /** 1 for Souq's staff (issue 31): set only by `npm run staff:grant`, never from the web. */
  staff: Generated<number>;
  /** Suspended by staff until this time (issue 31): no selling, bidding or chatting; null: not suspended. */
  suspended_until: Generated<string | null>;
  suspended_reason: Generated<string | null>;
  /** Until when unpaid-win strikes suspend this person's bidding (ADR 0037); null: they don't. */
  bidding_suspended_until: Generated<string | null>;
  /** When the person's account was erased (issue 45, ADR 0046): the row stays for the records that name it, with nothing that identifies them. */
  erased_at: Generated<string | null>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
}

export type EmailTokenPurpose = 'verify' | 'reset';

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OidcStatesTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  expires_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  oidc_states: OidcStatesTable;
  products: ProductsTable;
  product_likes: ProductLikesTable;
  reviews: ReviewsTable;
  follows: FollowsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  auctions: AuctionsTable;
  bids: BidsTable;
  auction_max_bids: AuctionMaxBidsTable;
  idempotency_keys: IdempotencyKeysTable;
  notifications: NotificationsTable;
  mail_throttle: MailThrottleTable;
  streams: StreamsTable;
  stream_messages: StreamMessagesTable;
  stream_bans: StreamBansTable;
  lot_prebids: LotPrebidsTable;
  stream_pins: StreamPinsTable;
  stream_reminders: StreamRemindersTable;
  host_moderators: HostModeratorsTable;
  stream_mutes: StreamMutesTable;
  lot_clips: LotClipsTable;
  item_opens: ItemOpensTable;
  feed_hidden: FeedHiddenTable;
  feed_sessions: FeedSessionsTable;
  staff_actions: StaffActionsTable;
  seller_ratings: SellerRatingsTable;
  order_problems: OrderProblemsTable;
  reports: ReportsTable;
  unpaid_strikes: UnpaidStrikesTable;
  second_chance_offers: SecondChanceOffersTable;
  product_views: ProductViewsTable;
  product_view_days: ProductViewDaysTable;
  product_view_totals: ProductViewTotalsTable;
  product_view_window: ProductViewWindowTable;
  saved_searches: SavedSearchesTable;
  saved_search_words: SavedSearchWordsTable;
  saved_search_hits: SavedSearchHitsTable;
  saved_search_digests: SavedSearchDigestsTable;
  seller_tax_details: SellerTaxDetailsTable;
  invoice_sequences: InvoiceSequencesTable;
  invoices: InvoicesTable;
  data_exports: DataExportsTable;
  backup_schedule: BackupScheduleTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export type ProductCondition = 'new' | 'used' | 'refurbished';

export interface ProductsTable {
  id: string;
  owner_id: string;
  title: string;
  title_key: string;
  description: string;
  /** The seller's Arabic title and description, beside the main ones (issue 29); null: none. */
  title_ar: Generated<string | null>;
  description_ar: Generated<string | null>;
  category: string;
  price: number;
  previous_price: number | null;
  condition: ProductCondition;
  brand: string;
  dimensions: string | null;
  weight: number;
  country_of_origin: string | null;
  /** JSON array of lowercase keywords. */
  keywords: string;
  search_text: string;
  /** JSON array of storage keys; each has a large and a thumbnail rendition. */
  images: string;
  invoice_key: string | null;
  rating: Generated<number>;
  review_count: Generated<number>;
  like_count: Generated<number>;
  sold_count: Generated<number>;
  popularity: Generated<number>;
  is_auction: Generated<number>;
  related_auction: string | null;
  created_at: string;
  /** Hidden by staff (issue 31): gone from the shop, search and feed; its owner still reads it, with the reason. */
  hidden_at: Generated<string | null>;
  hidden_reason: Generated<string | null>;
}

export interface ProductLikesTable {
  product_id: string;
  user_id: string;
  /** The product's seller and category, copied at the like: a taste signal read without a join. */
  seller_id: string;
  category: string;
  created_at: string;
}

export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string;
  text: string;
  rating: number;
  created_at: string;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  buyer_id: string;
  idempotency_key: string;
  status: string;
  payment_method: string;
  subtotal: number;
  vat: number;
  total: number;
  emirate: string;
  area: string;
  street: string;
  phone: string;
  created_at: string;
  /** The auction this order is the winner's of; null for cart orders and show orders (their lines say). */
  auction_id: string | null;
  /** The show whose wins and purchases this order gathers (issue 30); null otherwise. */
  stream_id: Generated<string | null>;
  /** SHA-256 of the normalised cart and address; null for orders placed before it was kept. */
  request_hash: string | null;
  /** A won order's completion deadline (issue 31); null for cart orders. */
  complete_by: Generated<string | null>;
  /** When the 24-hours-left and 2-hours-left reminders went out. */
  reminded_day_at: Generated<string | null>;
  reminded_hours_at: Generated<string | null>;
  /** Why a cancelled order was cancelled: 'unpaid' (the deadline passed) or 'buyer_asked' (the seller agreed). */
  cancel_reason: Generated<string | null>;
  /** When the buyer asked the seller to cancel; cleared when the seller declines. */
  cancel_asked_at: Generated<string | null>;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string | null;
  seller_id: string;
  title: string;
  /** The product photo's image key at the time of sale; null shows the placeholder. */
  image_key: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** The seller's part of the order (FULFILMENT_STATUSES in @souq/shared). */
  status: Generated<string>;
  status_at: string | null;
  /** The auction (a timed auction or a show's lot) this line was won at; null for bought lines. */
  auction_id: Generated<string | null>;
  /** The seller ships by then: SHIP_WITHIN_HOURS after the order had its address (issue 31); null before. */
  ship_by: Generated<string | null>;
  /** When it was marked shipped; kept after delivery, for the seller's on-time share. */
  shipped_at: Generated<string | null>;
  /** When the buyer was told it is late (once). */
  late_at: Generated<string | null>;
  /** The Gulf day it was sold (its order placed, or a show's win added): the dashboard's sales read by it (ADR 0043). */
  sale_day: string | null;
}

export type ProductRow = Selectable<ProductsTable>;

/** 'pending': a show's lot waiting on the run sheet (issue 30); it opens when the host runs it. */
export type AuctionStatusValue = 'pending' | 'open' | 'sold' | 'unsold' | 'cancelled';

export interface AuctionsTable {
  id: string;
  product_id: string | null;
  seller_id: string;
  title: string;
  title_key: string;
  category: string;
  /** JSON array of storage keys, copied from the product when the auction started. */
  images: string;
  starting_bid: number;
  reserve_price: number | null;
  current_bid: number | null;
  sort_price: number;
  leader_id: string | null;
  leader_max: number | null;
  bid_count: Generated<number>;
  seq: Generated<number>;
  closing_style: 'soft' | 'sudden';
  starts_at: string;
  ends_at: string;
  status: AuctionStatusValue;
  winner_id: string | null;
  closed_at: string | null;
  created_at: string;
  /** 'live' when a stream sells it through its chat. */
  kind: Generated<'timed' | 'live'>;
  stream_id: string | null;
  /** A show's lot: its place on the run sheet and its timer in seconds; null for other auctions. */
  lot_position: Generated<number | null>;
  lot_seconds: Generated<number | null>;
  /** Hidden by staff (issue 31): gone from the lists and the feed; its seller still reads it, with the reason. */
  hidden_at: Generated<string | null>;
  hidden_reason: Generated<string | null>;
}

export interface BidsTable {
  auction_id: string;
  seq: number;
  bidder_id: string;
  amount: number;
  auto: number;
  created_at: string;
}

export interface AuctionMaxBidsTable {
  auction_id: string;
  bidder_id: string;
  max_amount: number;
  placed_seq: number;
}

export interface IdempotencyKeysTable {
  user_id: string;
  scope: string;
  key: string;
  request_hash: string;
  response: string;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  subject: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

export interface MailThrottleTable {
  user_id: string;
  topic: string;
  last_sent_at: string;
}

export interface StreamsTable {
  id: string;
  host_id: string;
  title: string;
  cover_key: string | null;
  auction_id: string;
  status: 'scheduled' | 'live' | 'ended';
  /** A scheduled show's planned start; started_at and ends_at move to the real start when it goes live. */
  scheduled_for: Generated<string | null>;
  /** JSON array of the host's muted words. */
  muted_words: Generated<string>;
  started_at: string;
  ends_at: string;
  ended_at: string | null;
  end_reason: 'host' | 'timer' | 'abandoned' | null;
  host_seen_at: string;
  video_room: number | null;
  /** The most sockets in the show's room at once (what the viewer count showed), for the dashboard. */
  peak_viewers: Generated<number>;
  created_at: string;
}

export interface StreamMessagesTable {
  seq: Generated<number>;
  id: string;
  stream_id: string;
  user_id: string;
  kind: 'chat' | 'bid' | 'sold' | 'passed';
  text: string;
  amount: number | null;
  created_at: string;
  deleted_at: string | null;
  /** 1: it holds a muted word, so only its sender sees it. */
  hidden: Generated<number>;
  /** For a lot's 'sold'/'passed' line: the lot's title. */
  lot_title: Generated<string | null>;
}

export interface StreamBansTable {
  stream_id: string;
  user_id: string;
  created_at: string;
}

export interface LotPrebidsTable {
  auction_id: string;
  user_id: string;
  max_amount: number;
  created_at: string;
}

export interface StreamPinsTable {
  id: string;
  stream_id: string;
  product_id: string;
  price: number;
  stock: number;
  sold: Generated<number>;
  created_at: string;
  removed_at: string | null;
}

export interface StreamRemindersTable {
  stream_id: string;
  user_id: string;
  created_at: string;
}

export interface HostModeratorsTable {
  host_id: string;
  user_id: string;
  created_at: string;
}

export interface StreamMutesTable {
  stream_id: string;
  user_id: string;
  until: string;
}

export interface LotClipsTable {
  auction_id: string;
  stream_id: string;
  storage_key: string;
  mime_type: string;
  bytes: number;
  duration_ms: number;
  created_at: string;
}

export interface ItemOpensTable {
  user_id: string;
  item_kind: 'product' | 'auction';
  item_id: string;
  seller_id: string;
  category: string;
  created_at: string;
}

export interface FeedHiddenTable {
  user_id: string;
  item_id: string;
  seller_id: string;
  category: string;
  created_at: string;
}

export interface FeedSessionsTable {
  id: string;
  user_id: string | null;
  items: string;
  created_at: string;
}

/** One thing a staff member did (issue 31): appended, never changed. */
export interface StaffActionsTable {
  id: string;
  staff_id: string;
  /** What was done: 'hide_listing', 'suspend_account', 'decide_dispute', … */
  action: string;
  /** What it was done to: 'product', 'auction', 'user', 'review', 'message', 'report', 'dispute', … */
  target_kind: string;
  target_id: string;
  reason: string;
  created_at: string;
}

/** A buyer's rating of a seller, once per order and seller (issue 31). */
export interface SellerRatingsTable {
  id: string;
  order_id: string;
  seller_id: string;
  buyer_id: string;
  stars: number;
  comment: string | null;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
}

/** A problem on a delivered line (issue 31): open → answered → escalated → decided. */
export interface OrderProblemsTable {
  id: string;
  line_id: string;
  order_id: string;
  buyer_id: string;
  seller_id: string;
  kind: string;
  text: string;
  /** Image keys, encoded as products' are. */
  photos: string;
  status: string;
  answer_by: string;
  answer_kind: string | null;
  answer_text: string | null;
  answered_at: string | null;
  escalation_text: string | null;
  escalated_at: string | null;
  decision: string | null;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  /** When the buyer was told the answer time passed unanswered; the job tells once. */
  unanswered_told_at: string | null;
}

/** One person's report of one thing (issue 31); resolved, with every other open report on the thing, when staff act. */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  /** 'product', 'auction', 'user', 'review' or 'message' (REPORT_TARGETS in @souq/shared). */
  target_kind: string;
  target_id: string;
  reason: string;
  text: Generated<string>;
  created_at: string;
  resolved_at: string | null;
  /** What staff did: 'hidden', 'removed', 'suspended' or 'dismissed'. */
  resolution: string | null;
  resolved_by: string | null;
}

/** An unpaid-item strike (issue 31): one per won order cancelled for want of an address. */
export interface UnpaidStrikesTable {
  id: string;
  user_id: string;
  order_id: string;
  title: string;
  created_at: string;
}

/** A seller's one second-chance offer on an auction whose winner did not pay (issue 31). */
export interface SecondChanceOffersTable {
  id: string;
  auction_id: string;
  seller_id: string;
  bidder_id: string;
  amount: number;
  status: 'open' | 'accepted' | 'declined' | 'expired';
  expires_at: string;
  created_at: string;
  decided_at: string | null;
  order_id: string | null;
}

/** Who has been counted viewing a product on a Gulf day (issue 32): `u:<user id>` or `v:<visitor hash>`. */
export interface ProductViewsTable {
  product_id: string;
  /** YYYY-MM-DD in Gulf time. */
  day: string;
  viewer: string;
}

/** A product's views on one Gulf day: one per person, counted as `product_views` gains a row. */
export interface ProductViewDaysTable {
  product_id: string;
  day: string;
  views: Generated<number>;
}

/** A person's saved search (issue 32, ADR 0040); `search_key` keeps the same search to one row. */
/** Each product's views over the window's 30 Gulf days (ADR 0043): +1 as counted, a day's counters off as it leaves. */
export interface ProductViewTotalsTable {
  product_id: string;
  seller_id: string;
  views: number;
}

/** One row (id 1): the first Gulf day `product_view_totals` holds. */
export interface ProductViewWindowTable {
  id: number;
  first_day: string;
}

export interface SavedSearchesTable {
  id: string;
  user_id: string;
  text: string;
  category: string | null;
  /** Fils. */
  max_price: number | null;
  /** 1 or 0. */
  auctions_only: number;
  /** How many distinct folded words `saved_search_words` holds for it. */
  word_count: number;
  search_key: string;
  created_at: string;
}

export interface SavedSearchWordsTable {
  word: string;
  search_id: string;
  /** The search's `word_count`, copied so the lookup by words needs no join. */
  word_count: number;
}

/** One new listing that matched one person's searches: rung on the bell, then mailed in a digest. */
export interface SavedSearchHitsTable {
  id: string;
  user_id: string;
  /** 'product', 'auction' or 'show'. */
  listing_kind: string;
  listing_id: string;
  title: string;
  link: string;
  created_at: string;
  mailed_at: string | null;
}

export interface SavedSearchDigestsTable {
  user_id: string;
  sent_at: string;
}

/** A seller's tax details from Settings (issue 32, ADR 0042); `trn` null: not registered for VAT. */
export interface SellerTaxDetailsTable {
  user_id: string;
  legal_name: string;
  address: string;
  trn: string | null;
  updated_at: string;
}

/** A seller's last document number in one series ('INV' or 'CN'): gap-free, bumped in the issuing transaction. */
export interface InvoiceSequencesTable {
  seller_id: string;
  series: string;
  last_number: number;
}

/** An invoice or credit note (`credits_id` set) as issued: `document` is its JSON snapshot (ADR 0042). */
export interface InvoicesTable {
  id: string;
  seller_id: string;
  series: string;
  seq: number;
  number: string;
  order_id: string;
  buyer_id: string;
  credits_id: string | null;
  issued_at: string;
  subtotal: number;
  vat: number;
  total: number;
  document: string;
}

/** A person's data export (issue 45, ADR 0046): built by a job, a private ZIP its owner downloads until `expires_at`. */
export interface DataExportsTable {
  id: string;
  user_id: string;
  requested_by: string;
  status: 'pending' | 'ready' | 'failed';
  storage_key: string | null;
  bytes: number | null;
  created_at: string;
  claimed_at: string | null;
  ready_at: string | null;
  expires_at: string | null;
}

/** Scheduled backups (backup/schedule.ts): who holds the next one, and when the last one succeeded. */
export interface BackupScheduleTable {
  name: string;
  created_at: string;
  /** Until when an instance holds the run (or, after a failure, when the next try may begin). */
  claimed_until: string | null;
  last_success_at: string | null;
  last_backup: string | null;
}
