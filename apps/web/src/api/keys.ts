/**
 * The query keys more than one feature reads, writes or refreshes; a feature's own keys are in
 * its api.ts. Each kind has one root, so its prefix reaches every query of that kind.
 */
export const sessionKey = ['session'] as const;

export const productKeys = {
  all: ['products'] as const,
  /** The shop, a search, a seller's products, someone's likes, a host's products to sell live. */
  lists: () => [...productKeys.all, 'list'] as const,
  list: (source: string, params: object = {}) => [...productKeys.lists(), source, params] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  reviews: (id: string) => [...productKeys.detail(id), 'reviews'] as const,
};

export const auctionKeys = {
  all: ['auctions'] as const,
  lists: () => [...auctionKeys.all, 'list'] as const,
  list: (source: string, params: object = {}) => [...auctionKeys.lists(), source, params] as const,
  detail: (id: string) => [...auctionKeys.all, 'detail', id] as const,
  bids: (id: string) => [...auctionKeys.detail(id), 'bids'] as const,
};

export const profileKeys = {
  all: ['profiles'] as const,
  detail: (id: string) => [...profileKeys.all, id] as const,
};

export const feedKeys = {
  all: ['feed'] as const,
  /** A new session until the server names one; then the session's cursor (from the URL, coming back). */
  session: (session: string | null) => [...feedKeys.all, session ?? 'new'] as const,
};
