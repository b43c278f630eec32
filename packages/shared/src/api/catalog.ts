import type { Condition } from '../schemas/catalog.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface ImageUrls {
  url: string;
  thumb: string;
}

export interface UserBrief {
  id: string;
  username: string;
  profilePic: string;
}

export interface ProductSummary {
  id: string;
  title: string;
  category: string;
  price: number;
  previousPrice: number | null;
  rating: number;
  reviewCount: number;
  likeCount: number;
  image: ImageUrls;
  ownerId: string;
  isAuction: boolean;
  createdAt: string;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  condition: Condition;
  brand: string;
  dimensions: string | null;
  weight: number;
  countryOfOrigin: string | null;
  keywords: string[];
  images: ImageUrls[];
  seller: UserBrief;
  likedByMe: boolean;
  reviewedByMe: boolean;
  isOwner: boolean;
  /** Only the seller sees the invoice link. */
  invoiceUrl: string | null;
}

export interface Review {
  id: string;
  text: string;
  rating: number;
  createdAt: string;
  user: UserBrief;
}

export interface PublicProfile extends UserBrief {
  bio: string;
  contactEmail: string | null;
  postsCount: number;
  followersCount: number;
  followingCount: number;
  createdAt: string;
  isMe: boolean;
  isFollowing: boolean;
}

export interface QuoteLine {
  productId: string;
  title: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface Quote {
  lines: QuoteLine[];
  subtotal: number;
  vat: number;
  total: number;
}

export interface Order extends Quote {
  id: string;
  status: string;
  paymentMethod: string;
  address: { emirate: string; area: string; street: string; phone: string };
  createdAt: string;
}

export interface Sale {
  orderId: string;
  productId: string | null;
  title: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  buyer: UserBrief;
  emirate: string;
  createdAt: string;
}
