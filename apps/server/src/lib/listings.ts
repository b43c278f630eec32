/**
 * A listing that has just become public (issue 32): a product put in the shop, an auction opened,
 * a show scheduled. The module that lists it announces it once its transaction has committed
 * (`publish`, lib/events.ts), so whoever wants to know (saved-search alerts, ADR 0040) learns of
 * it without the lister knowing who listens, and without the listing waiting for them.
 */
export interface PublishedListing {
  kind: 'product' | 'auction' | 'show';
  id: string;
  sellerId: string;
  title: string;
  /** Every text a search could match it by (titles in both languages, keywords), unfolded. */
  texts: string[];
  category: string | null;
  /** Fils: the price, or an auction's starting bid; a show has none. */
  price: number | null;
  /** Its page in the web app. */
  link: string;
}

declare module './events.js' {
  interface DomainEvents {
    'listing.published': { listing: PublishedListing };
  }
}
