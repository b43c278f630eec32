import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@souq/shared';
import { hideSellerFrom, visibleItems } from './hidden';

const product = (id: string, seller: string) =>
  ({ kind: 'product', id, seller: { id: seller, username: seller, profilePic: '' } }) as unknown as FeedItem;
const auction = (id: string, seller: string) =>
  ({
    kind: 'auction',
    id,
    auction: { seller: { id: seller, username: seller, profilePic: '' } },
  }) as unknown as FeedItem;

describe('not interested in a seller, within one feed session', () => {
  const session = [
    product('a1', 'amira'),
    product('k1', 'khalid'),
    auction('k2', 'khalid'),
    product('o1', 'omar'),
    product('k3', 'khalid'),
    product('a2', 'amira'),
  ];

  it("takes the seller's items out from the dismissed one on, those already fetched included", () => {
    const hidden = hideSellerFrom(new Map(), session[1]!, 1);
    expect(visibleItems(session, hidden).map((i) => i.id)).toEqual(['a1', 'o1', 'a2']);
  });

  it('keeps what the person already swiped past, so the place in the feed does not jump', () => {
    const hidden = hideSellerFrom(new Map(), session[5]!, 5);
    expect(visibleItems(session, hidden).map((i) => i.id)).toEqual(['a1', 'k1', 'k2', 'o1', 'k3']);
  });

  it('a later dismissal of the same seller never brings back what an earlier one hid', () => {
    let hidden = hideSellerFrom(new Map(), session[2]!, 2);
    hidden = hideSellerFrom(hidden, session[4]!, 4);
    expect(visibleItems(session, hidden).map((i) => i.id)).toEqual(['a1', 'k1', 'o1', 'a2']);
  });
});
