import type { ReportTarget, ReportedThing } from '@souq/shared';
import { auctionPath, productPath } from '@souq/shared';
import type { MediaService } from '../../media/media-service.js';
import type { AccountsPort } from '../accounts/port.js';
import type { AuctionsPort } from '../auctions/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { ReviewsPort } from '../reviews/port.js';
import type { StreamsPort } from '../streams/port.js';

export interface ReportsPorts {
  accounts: Pick<AccountsPort, 'recordStaffAction' | 'suspend' | 'unsuspend' | 'userById'>;
  catalog: Pick<CatalogPort, 'hideProduct' | 'unhideProduct' | 'reportedProducts'>;
  reviews: Pick<ReviewsPort, 'reviewAuthor' | 'reportedReviews' | 'removeReview'>;
  auctions: Pick<
    AuctionsPort,
    'hideAuction' | 'unhideAuction' | 'reportedAuctions' | 'cancelForSuspension' | 'hideLotsOfProduct'
  >;
  streams: Pick<StreamsPort, 'messageSender' | 'reportedMessages' | 'removeMessage' | 'endShowsOf' | 'lotWithdrawn'>;
}

/** Who is answerable for a thing (its seller, author, sender, or the profile's own person); undefined: no such thing. */
export async function ownerOf(ports: ReportsPorts, kind: ReportTarget, id: string): Promise<string | undefined> {
  switch (kind) {
    case 'product':
      return (await ports.catalog.reportedProducts([id]))[0]?.owner.id;
    case 'auction':
      return (await ports.auctions.reportedAuctions([id]))[0]?.owner.id;
    case 'user':
      return (await ports.accounts.userById(id))?.id;
    case 'review':
      return ports.reviews.reviewAuthor(id);
    case 'message':
      return ports.streams.messageSender(id);
  }
}

const blank = (kind: ReportTarget, id: string): ReportedThing => ({
  kind,
  id,
  gone: true,
  title: '',
  image: null,
  link: null,
  owner: null,
  hiddenAt: null,
  rating: null,
  around: [],
});

/**
 * Every reported thing of the queue in context, asked of its module in one call per kind: the
 * listing with its photo and seller, the review with its product, the profile, the chat line with
 * the lines around it. A thing gone since it was reported is kept, marked `gone`, so staff can
 * dismiss its reports.
 */
export async function thingsInContext(
  ports: ReportsPorts,
  media: Pick<MediaService, 'avatarUrl'>,
  wanted: Array<{ kind: ReportTarget; id: string }>,
): Promise<Map<string, ReportedThing>> {
  const ids = (kind: ReportTarget) => wanted.filter((w) => w.kind === kind).map((w) => w.id);
  const [products, auctions, reviews, messages, users] = await Promise.all([
    ports.catalog.reportedProducts(ids('product')),
    ports.auctions.reportedAuctions(ids('auction')),
    ports.reviews.reportedReviews(ids('review')),
    ports.streams.reportedMessages(ids('message')),
    Promise.all(ids('user').map((id) => ports.accounts.userById(id))),
  ]);
  const things = new Map<string, ReportedThing>(wanted.map((w) => [`${w.kind} ${w.id}`, blank(w.kind, w.id)]));
  const put = (kind: ReportTarget, id: string, thing: Partial<ReportedThing>) =>
    things.set(`${kind} ${id}`, { ...blank(kind, id), ...thing, gone: false });
  for (const p of products)
    put('product', p.id, {
      title: p.title,
      image: p.image,
      link: productPath(p.id),
      owner: p.owner,
      hiddenAt: p.hiddenAt,
    });
  for (const a of auctions)
    put('auction', a.id, {
      title: a.title,
      image: a.image,
      link: auctionPath(a.id),
      owner: a.owner,
      hiddenAt: a.hiddenAt,
    });
  for (const r of reviews)
    put('review', r.id, { title: r.text, rating: r.rating, link: productPath(r.productId), owner: r.owner });
  for (const m of messages)
    put('message', m.id, {
      title: m.text,
      link: `/livestream/${encodeURIComponent(m.streamId)}`,
      owner: m.owner,
      hiddenAt: m.removedAt,
      around: m.around,
    });
  for (const u of users) {
    if (!u) continue;
    const owner = { id: u.id, username: u.username, profilePic: media.avatarUrl(u.avatar_key) };
    put('user', u.id, {
      title: u.username,
      image: owner.profilePic,
      link: `/MyAccount/${encodeURIComponent(u.id)}`,
      owner,
    });
  }
  return things;
}
