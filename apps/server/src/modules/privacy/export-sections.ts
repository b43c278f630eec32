import { ERASED_USERNAME_PREFIX } from '@souq/shared';
import { decodeImageKeys } from '../../media/image-keys.js';
import type { PersonalData } from './personal-data-queries.js';
import { addressOfColumns } from '../../lib/address-columns.js';

/** The files of an export, each a JSON document; the test opens the ZIP and looks for every one. */
export const EXPORT_SECTIONS = [
  'account.json',
  'addresses.json',
  'orders.json',
  'sales.json',
  'bids.json',
  'chat.json',
  'reviews.json',
  'reports.json',
  'saved-searches.json',
  'offers.json',
  'giveaways.json',
  'notifications.json',
  'notification-settings.json',
  'follows-and-likes.json',
  'listings.json',
  'photos.json',
] as const;

/** A photo to put in the ZIP: where it goes, and its stored image key. */
export interface PhotoRef {
  path: string;
  key: string;
}

const shownName = (username: string | undefined) =>
  !username ? null : username.startsWith(ERASED_USERNAME_PREFIX) ? 'Deleted account' : username;

/** What every section reads: the person's rows, how others are named to them, and where a photo goes in the ZIP. */
interface Reading {
  data: PersonalData;
  u: PersonalData['user'];
  name(id: string | null): string | null;
  /** The photo's path in the ZIP, noting it to be fetched. */
  photo(folder: string, key: string): string;
}

/** The account itself, its tax details and the devices signed in to it. */
function accountSection({ data, u, photo }: Reading) {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    displayName: u.display_name,
    phone: u.phone,
    bio: u.bio,
    contactEmail: u.contact_email,
    picture: u.avatar_key ? photo('profile', u.avatar_key) : null,
    language: u.locale,
    emailVerifiedAt: u.email_verified_at,
    signsInWithGoogle: u.google_sub !== null,
    hasPassword: u.password_hash !== null,
    createdAt: u.created_at,
    followers: u.followers_count,
    following: u.following_count,
    suspendedUntil: u.suspended_until,
    suspendedReason: u.suspended_reason,
    biddingSuspendedUntil: u.bidding_suspended_until,
    taxDetails: data.taxDetails
      ? {
          legalName: data.taxDetails.legal_name,
          address: data.taxDetails.address,
          trn: data.taxDetails.trn,
          updatedAt: data.taxDetails.updated_at,
        }
      : null,
    sessions: data.sessions.map((s) => ({ createdAt: s.created_at, expiresAt: s.expires_at, device: s.user_agent })),
  };
}

/** The delivery addresses the person gave, once each however many orders used them. */
/** The address book, and every other address their orders went to (issue 46: with what found the door). */
function addressesOf(data: PersonalData) {
  const onOrders = new Map<string, ReturnType<typeof addressOfColumns>>();
  for (const o of data.orders)
    if (o.street || o.area || o.phone) {
      const address = addressOfColumns(o);
      onOrders.set(JSON.stringify(address), address);
    }
  return {
    book: data.addressBook.map((a) => ({
      ...addressOfColumns(a),
      phoneE164: a.phone_e164,
      default: a.is_default === 1,
      savedAt: a.created_at,
    })),
    onOrders: [...onOrders.values()],
    // Issue 46: what happened at the door, and what they answered.
    deliveryAttempts: data.deliveryAttempts.map((a) => ({
      line: a.line_id,
      outcome: a.outcome,
      reason: a.reason,
      at: a.created_at,
      reply: a.reply_note,
      repliedAt: a.replied_at,
      dispute: a.dispute_note,
      disputedAt: a.disputed_at,
      decision: a.decision,
    })),
  };
}

/** What the person bought: orders with their lines, invoices, strikes and the problems they raised. */
function ordersSection({ data, u, name, photo }: Reading) {
  const linesOf = new Map<string, typeof data.orderLines>();
  for (const l of data.orderLines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
  return {
    orders: data.orders.map((o) => ({
      id: o.id,
      placedAt: o.created_at,
      status: o.status,
      paymentMethod: o.payment_method,
      subtotalFils: o.subtotal,
      vatFils: o.vat,
      totalFils: o.total,
      address: { emirate: o.emirate, area: o.area, street: o.street, phone: o.phone },
      cancelReason: o.cancel_reason,
      lines: (linesOf.get(o.id) ?? []).map((l) => ({
        title: l.title,
        seller: name(l.seller_id),
        unitPriceFils: l.unit_price,
        quantity: l.quantity,
        lineTotalFils: l.line_total,
        status: l.status,
        shippedAt: l.shipped_at,
      })),
    })),
    invoices: data.invoices
      .filter((i) => i.buyer_id === u.id)
      .map((i) => ({
        number: i.number,
        orderId: i.order_id,
        seller: name(i.seller_id),
        creditNote: i.credits_id !== null,
        issuedAt: i.issued_at,
        totalFils: i.total,
      })),
    unpaidStrikes: data.strikes.map((s) => ({ orderId: s.order_id, title: s.title, at: s.created_at })),
    problems: data.problems
      .filter((p) => p.buyer_id === u.id)
      .map((p) => ({
        orderId: p.order_id,
        kind: p.kind,
        text: p.text,
        status: p.status,
        photos: decodeImageKeys(p.photos).map((k) => photo('problems', k)),
        answer: p.answer_text,
        escalation: p.escalation_text,
        decision: p.decision,
        createdAt: p.created_at,
      })),
  };
}

/** What the person sold, with each buyer only by the username they showed. */
function salesSection({ data, u, name }: Reading) {
  return {
    sales: data.sales.map((s) => ({
      orderId: s.order_id,
      soldAt: s.created_at,
      buyer: name(s.buyer_id),
      title: s.title,
      unitPriceFils: s.unit_price,
      quantity: s.quantity,
      lineTotalFils: s.line_total,
      status: s.status,
      shippedAt: s.shipped_at,
    })),
    invoicesIssued: data.invoices
      .filter((i) => i.seller_id === u.id)
      .map((i) => ({
        number: i.number,
        orderId: i.order_id,
        buyer: name(i.buyer_id),
        creditNote: i.credits_id !== null,
        issuedAt: i.issued_at,
        subtotalFils: i.subtotal,
        vatFils: i.vat,
        totalFils: i.total,
      })),
    problems: data.problems
      .filter((p) => p.seller_id === u.id)
      .map((p) => ({
        orderId: p.order_id,
        buyer: name(p.buyer_id),
        kind: p.kind,
        status: p.status,
        yourAnswer: p.answer_text,
        decision: p.decision,
        createdAt: p.created_at,
      })),
  };
}

function bidsSection(data: PersonalData) {
  return {
    bids: data.bids.map((b) => ({
      auctionId: b.auction_id,
      auction: b.title,
      amountFils: b.amount,
      automatic: b.auto === 1,
      at: b.created_at,
    })),
    maxima: data.maxima.map((m) => ({ auctionId: m.auction_id, auction: m.title, maximumFils: m.max_amount })),
    preBids: data.prebids.map((p) => ({
      lotId: p.auction_id,
      lot: p.title,
      maximumFils: p.max_amount,
      at: p.created_at,
    })),
    secondChanceOffers: data.secondChance.map((o) => ({
      auctionId: o.auction_id,
      amountFils: o.amount,
      status: o.status,
      at: o.created_at,
    })),
  };
}

function reviewsSection({ data, name }: Reading) {
  return {
    reviews: data.reviews.map((r) => ({
      productId: r.product_id,
      product: r.product,
      rating: r.rating,
      text: r.text,
      at: r.created_at,
    })),
    sellerRatings: data.ratings.map((r) => ({
      orderId: r.order_id,
      seller: name(r.seller_id),
      stars: r.stars,
      comment: r.comment,
      sellerReply: r.reply,
      at: r.created_at,
    })),
  };
}

function followsSection({ data, u, name }: Reading) {
  return {
    following: data.following.map((f) => ({ username: name(f.followee_id), since: f.created_at })),
    followers: u.followers_count,
    likes: data.likes.map((l) => ({ productId: l.product_id, product: l.title, at: l.created_at })),
    showReminders: data.reminders.map((r) => ({ showId: r.stream_id, at: r.created_at })),
    notInterested: data.hidden.map((h) => ({ itemId: h.item_id, category: h.category, at: h.created_at })),
    opened: data.opened.map((o) => ({ kind: o.item_kind, id: o.item_id, category: o.category, at: o.created_at })),
  };
}

function listingsSection({ data, photo }: Reading) {
  return {
    products: data.products.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      titleArabic: p.title_ar,
      descriptionArabic: p.description_ar,
      category: p.category,
      priceFils: p.price,
      condition: p.condition,
      brand: p.brand,
      photos: decodeImageKeys(p.images).map((k) => photo('listings', k)),
      createdAt: p.created_at,
      hiddenAt: p.hidden_at,
      hiddenReason: p.hidden_reason,
    })),
    auctions: data.auctions.map((a) => ({
      id: a.id,
      title: a.title,
      startingBidFils: a.starting_bid,
      currentBidFils: a.current_bid,
      status: a.status,
      startsAt: a.starts_at,
      endsAt: a.ends_at,
      createdAt: a.created_at,
    })),
    shows: data.shows.map((s) => ({
      id: s.id,
      title: s.title,
      status: s.status,
      scheduledFor: s.scheduled_for,
      startedAt: s.started_at,
      endedAt: s.ended_at,
      cover: s.cover_key ? photo('shows', s.cover_key) : null,
    })),
  };
}

/**
 * The export's JSON sections from what queries.ts read: the person's own rows, with other people
 * only by the username the person already saw (a seller on their purchase, a buyer on their sale).
 */
export function exportSections(data: PersonalData): { sections: Record<string, unknown>; photos: PhotoRef[] } {
  const photos: PhotoRef[] = [];
  const reading: Reading = {
    data,
    u: data.user,
    name: (id) => (id ? shownName(data.names.get(id)) : null),
    photo(folder, key) {
      const path = `photos/${folder}/${key.replaceAll('/', '_')}.webp`;
      photos.push({ path, key });
      return path;
    },
  };

  // In the order of the sections, so the photos are listed in the order they are met.
  const sections: Record<(typeof EXPORT_SECTIONS)[number], unknown> = {
    'account.json': accountSection(reading),
    'addresses.json': addressesOf(data),
    'orders.json': ordersSection(reading),
    'sales.json': salesSection(reading),
    'bids.json': bidsSection(data),
    'chat.json': data.chat.map((c) => ({
      showId: c.stream_id,
      show: c.show,
      kind: c.kind,
      text: c.text,
      amountFils: c.amount,
      at: c.created_at,
      removedAt: c.deleted_at,
    })),
    'reviews.json': reviewsSection(reading),
    'reports.json': data.reports.map((r) => ({
      about: r.target_kind,
      id: r.target_id,
      reason: r.reason,
      text: r.text,
      at: r.created_at,
      resolution: r.resolution,
      resolvedAt: r.resolved_at,
    })),
    'saved-searches.json': data.savedSearches.map((s) => ({
      words: s.text,
      category: s.category,
      maxPriceFils: s.max_price,
      auctionsOnly: s.auctions_only === 1,
      at: s.created_at,
    })),
    'offers.json': data.offers.map((o) => ({
      side: o.buyer_id === data.user.id ? 'made' : 'received',
      productId: o.product_id,
      item: o.title,
      with: reading.name(o.buyer_id === data.user.id ? o.seller_id : o.buyer_id),
      priceFils: o.list_price,
      offerFils: o.amount,
      counterFils: o.counter_amount,
      status: o.status,
      at: o.created_at,
      lastChangedAt: o.updated_at,
      orderId: o.order_id,
    })),
    'giveaways.json': data.giveawayEntries.map((g) => ({
      showId: g.stream_id,
      item: g.title,
      enteredAt: g.created_at,
      drawn: g.status === 'drawn',
      won: g.winner_id === data.user.id,
      orderId: g.winner_id === data.user.id ? g.order_id : null,
    })),
    'notifications.json': data.notifications.map((n) => ({
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      at: n.created_at,
      readAt: n.read_at,
    })),
    'notification-settings.json': {
      switchedOff: data.notificationMutes.map((m) => ({ kind: m.kind, channel: m.channel })),
      // Where a device's push messages go: the push service, not the device's own address.
      pushDevices: data.pushDevices.map((d) => ({ pushService: new URL(d.endpoint).host, since: d.created_at })),
    },
    'follows-and-likes.json': followsSection(reading),
    'listings.json': listingsSection(reading),
    'photos.json': [] as string[],
  };
  // One file per photo, even where two rows name the same one (an auction copies its product's).
  const unique = [...new Map(photos.map((p) => [p.path, p])).values()];
  sections['photos.json'] = unique.map((p) => p.path);
  return { sections, photos: unique };
}
