import { strToU8, zipSync, type Zippable } from 'fflate';
import { ERASED_USERNAME_PREFIX, type Locale } from '@souq/shared';
import { decodeImageKeys } from '../../media/image-keys.js';
import type { PersonalData } from './personal-data-queries.js';

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
  'notifications.json',
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

/**
 * The export's JSON sections from what queries.ts read: the person's own rows, with other people
 * only by the username the person already saw (a seller on their purchase, a buyer on their sale).
 */
export function exportSections(data: PersonalData): { sections: Record<string, unknown>; photos: PhotoRef[] } {
  const u = data.user;
  const name = (id: string | null) => (id ? shownName(data.names.get(id)) : null);
  const photos: PhotoRef[] = [];
  const photo = (folder: string, key: string) => {
    const path = `photos/${folder}/${key.replaceAll('/', '_')}.webp`;
    photos.push({ path, key });
    return path;
  };

  const addresses = new Map<string, { emirate: string; area: string; street: string; phone: string }>();
  for (const o of data.orders)
    if (o.street || o.area || o.phone)
      addresses.set(`${o.emirate}|${o.area}|${o.street}|${o.phone}`, {
        emirate: o.emirate,
        area: o.area,
        street: o.street,
        phone: o.phone,
      });

  const linesOf = new Map<string, typeof data.orderLines>();
  for (const l of data.orderLines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);

  const sections: Record<(typeof EXPORT_SECTIONS)[number], unknown> = {
    'account.json': {
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
    },
    'addresses.json': [...addresses.values()],
    'orders.json': {
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
    },
    'sales.json': {
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
    },
    'bids.json': {
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
    },
    'chat.json': data.chat.map((c) => ({
      showId: c.stream_id,
      show: c.show,
      kind: c.kind,
      text: c.text,
      amountFils: c.amount,
      at: c.created_at,
      removedAt: c.deleted_at,
    })),
    'reviews.json': {
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
    },
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
    'notifications.json': data.notifications.map((n) => ({
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      at: n.created_at,
      readAt: n.read_at,
    })),
    'follows-and-likes.json': {
      following: data.following.map((f) => ({ username: name(f.followee_id), since: f.created_at })),
      followers: u.followers_count,
      likes: data.likes.map((l) => ({ productId: l.product_id, product: l.title, at: l.created_at })),
      showReminders: data.reminders.map((r) => ({ showId: r.stream_id, at: r.created_at })),
      notInterested: data.hidden.map((h) => ({ itemId: h.item_id, category: h.category, at: h.created_at })),
      opened: data.opened.map((o) => ({ kind: o.item_kind, id: o.item_id, category: o.category, at: o.created_at })),
    },
    'listings.json': {
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
    },
    'photos.json': [] as string[],
  };
  // One file per photo, even where two rows name the same one (an auction copies its product's).
  const unique = [...new Map(photos.map((p) => [p.path, p])).values()];
  sections['photos.json'] = unique.map((p) => p.path);
  return { sections, photos: unique };
}

const README = {
  en: (when: string) => `Your data from Souq
===================

Made on ${when} (UTC), at your request, under the UAE's Federal Decree-Law 45 of 2021 on the
protection of personal data.

Each .json file holds one part of what Souq keeps about you:

  account.json            your account, sign-in, language, tax details and signed-in devices
  addresses.json          the delivery addresses you gave with your orders
  orders.json             what you bought, its invoices, problems you raised, unpaid-item strikes
  sales.json              what you sold (with the buyer's username), invoices you issued
  bids.json               your bids, your maximum bids, pre-bids and second-chance offers
  chat.json               what you wrote in live shows
  reviews.json            the reviews and seller ratings you gave
  reports.json            the reports you made
  saved-searches.json     your saved searches
  notifications.json      your notifications
  follows-and-likes.json  whom you follow, what you liked, reminders and what you hid from your feed
  listings.json           your products, auctions and shows
  photos.json             the list of your photos, which are in the photos folder

Amounts are in fils (100 fils = AED 1). Times are UTC.
Other people appear only as you already saw them on Souq.
`,
  ar: (when: string) => `بياناتك من Souq
==============

أُعدّت في ${when} (بالتوقيت العالمي) بناءً على طلبك، وفق المرسوم بقانون اتحادي رقم 45 لسنة 2021
بشأن حماية البيانات الشخصية في دولة الإمارات.

يحتوي كل ملف ‎.json‎ على جزء مما يحتفظ به Souq عنك:

  account.json            حسابك وتسجيل الدخول واللغة وبياناتك الضريبية والأجهزة المسجّلة
  addresses.json          عناوين التوصيل التي قدّمتها مع طلباتك
  orders.json             مشترياتك وفواتيرها والمشكلات التي أبلغت عنها وإنذارات عدم الدفع
  sales.json              مبيعاتك (مع اسم مستخدم المشتري) والفواتير التي أصدرتها
  bids.json               مزايداتك والحدود القصوى والمزايدات المسبقة وعروض الفرصة الثانية
  chat.json               ما كتبته في العروض المباشرة
  reviews.json            المراجعات وتقييمات البائعين التي كتبتها
  reports.json            البلاغات التي قدّمتها
  saved-searches.json     عمليات البحث المحفوظة
  notifications.json      إشعاراتك
  follows-and-likes.json  من تتابعهم وما أعجبك والتذكيرات وما أخفيته من صفحتك
  listings.json           منتجاتك ومزاداتك وعروضك
  photos.json             قائمة صورك، وهي في مجلد photos

المبالغ بالفلس (100 فلس = 1 درهم). الأوقات بالتوقيت العالمي.
يظهر الآخرون فقط كما رأيتهم من قبل على Souq.
`,
};

/** The ZIP: README in the person's language, the JSON sections, and the photos (stored as they are). */
export function buildZip(
  sections: Record<string, unknown>,
  photos: Array<{ path: string; data: Buffer }>,
  locale: Locale,
  when: string,
): Buffer {
  const files: Zippable = { 'README.txt': strToU8(README[locale](when)) };
  for (const [name, value] of Object.entries(sections)) files[name] = strToU8(JSON.stringify(value, null, 2));
  // WebP is already compressed: stored, not deflated again.
  for (const p of photos) files[p.path] = [new Uint8Array(p.data), { level: 0 }];
  return Buffer.from(zipSync(files, { level: 6 }));
}
