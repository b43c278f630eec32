import type { ImageUrls, ProductSummary } from '@souq/shared';

export type Viewer = 'anonymous' | 'unverified' | 'verified';

/** What the page lends the feed: who is looking, the verified-email gate, and the cart. */
export interface FeedGates {
  viewer: Viewer;
  /** Signed in: true when verified, else it opens the verification prompt. */
  requireVerified: () => boolean;
  addToCart: (product: ProductSummary, image: ImageUrls) => void;
}
