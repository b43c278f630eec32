import type { Transaction } from 'kysely';
import { MSG, auctionPath, productPath, type ReportTarget, type ReportedThing, type RestoreInput } from '@souq/shared';
import type { DB } from '../db/schema.js';
import type { OnCommit } from '../lib/after-commit.js';
import { DomainError } from '../lib/errors.js';
import type { MediaService } from '../media/media-service.js';
import type { AccountsPort } from '../modules/accounts/port.js';
import type { AuctionsPort } from '../modules/auctions/port.js';
import type { CatalogPort } from '../modules/catalog/port.js';
import type { StaffActionOn, StaffActions } from '../modules/reports/port.js';
import type { ReviewsPort } from '../modules/reviews/port.js';
import type { StreamsPort } from '../modules/streams/port.js';

/** The five modules a staff action reaches, each through the members it uses. */
export interface StaffActionPorts {
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
async function ownerOf(ports: StaffActionPorts, kind: ReportTarget, id: string): Promise<string | undefined> {
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
async function thingsInContext(
  ports: StaffActionPorts,
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

type Trx = Transaction<DB>;

/**
 * What a staff action does to the thing, through the module that owns it: a hidden listing leaves
 * any show it was a lot of (the room's run sheet and screen move on); a suspension cancels the
 * person's auctions and ends their shows as the host's End would. Answers what the audit line is about.
 */
async function apply(ports: StaffActionPorts, trx: Trx, onCommit: OnCommit, on: StaffActionOn) {
  const { kind, targetId } = on;
  if (on.action === 'hide') {
    let left: Array<{ lotId: string; streamId: string }>;
    if (kind === 'product') {
      await ports.catalog.hideProduct(trx, targetId, on.reason);
      left = await ports.auctions.hideLotsOfProduct(trx, targetId, on.reason, onCommit);
    } else {
      const streamId = await ports.auctions.hideAuction(trx, targetId, on.reason, onCommit);
      left = streamId ? [{ lotId: targetId, streamId }] : [];
    }
    for (const lot of left) await ports.streams.lotWithdrawn(trx, lot.streamId, lot.lotId, onCommit);
  } else if (on.action === 'remove') {
    await (kind === 'review'
      ? ports.reviews.removeReview(trx, targetId)
      : ports.streams.removeMessage(trx, targetId, onCommit));
  } else if (on.action === 'suspend') {
    if (!(await ports.accounts.suspend(trx, on.person!, on.until!, on.reason)))
      throw new DomainError('CONFLICT', MSG.suspendStaff);
    await ports.auctions.cancelForSuspension(trx, on.person!, onCommit);
    await ports.streams.endShowsOf(trx, on.person!, onCommit);
    return { kind: 'user', id: on.person! };
  } else {
    return { kind: 'report', id: on.reportId };
  }
  return { kind: kind as string, id: targetId };
}

/**
 * Staff acting on what was reported (issue 31, ADR 0039), across the five modules that own the
 * things: reading them in context, and hiding, removing, suspending and restoring, each with its
 * line in the audit log, in the reports module's transaction.
 */
export function staffActionFlow(ports: StaffActionPorts, media: Pick<MediaService, 'avatarUrl'>): StaffActions {
  return {
    ownerOf: (kind, id) => ownerOf(ports, kind, id),
    thingsInContext: (wanted) => thingsInContext(ports, media, wanted),
    async act(trx, onCommit, staffId, auditAction, on) {
      const audited = await apply(ports, trx, onCommit, on);
      await ports.accounts.recordStaffAction(trx, {
        staffId,
        action: auditAction,
        targetKind: audited.kind,
        targetId: audited.id,
        reason: on.reason,
      });
    },
    async restore(trx, staffId, input: RestoreInput) {
      const done =
        input.targetKind === 'product'
          ? await ports.catalog.unhideProduct(trx, input.targetId)
          : input.targetKind === 'auction'
            ? await ports.auctions.unhideAuction(trx, input.targetId)
            : await ports.accounts.unsuspend(trx, input.targetId);
      if (!done) return false;
      await ports.accounts.recordStaffAction(trx, {
        staffId,
        action: input.targetKind === 'user' ? 'restore_account' : 'restore_listing',
        targetKind: input.targetKind,
        targetId: input.targetId,
        reason: input.reason,
      });
      return true;
    },
  };
}
