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
  profile_pic: string;
  bio: string;
  contact_email: string | null;
  posts_count: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  google_sub: string | null;
  email_verified_at: string | null;
  created_at: string;
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
}

export interface ProductLikesTable {
  product_id: string;
  user_id: string;
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
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string | null;
  seller_id: string;
  title: string;
  image: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
}

export type ProductRow = Selectable<ProductsTable>;
