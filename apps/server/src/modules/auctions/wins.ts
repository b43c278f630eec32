import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { MSG, auctionPath, type Order, type RunnerUp, type Sale, type SecondChanceOffer } from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit, type OnCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { recipientLocale } from '../../lib/locale.js';
import type { MailLater } from '../../lib/mail-later.js';
import { firstImageKey } from '../../media/image-keys.js';
import type { AccountsPort } from '../accounts/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { NewNotification, NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';
import * as q from './queries.js';
import * as sq from './second-chance-queries.js';
import type { Strikes } from './strikes.js';
import {
  buyerUnpaidNews,
  cancelAnsweredNews,
  cancelAskedNews,
  reminderNews,
  secondChanceAnsweredNews,
  secondChanceNews,
  unpaidNews,
  winsMail,
  type Words,
} from './wins-news.js';

const HOUR = 3600_000;
/** The reminders before a won order's deadline (issue 31), the nearer first: see claimReminder. */
const REMINDERS = [
  { which: 'hours', aheadMs: 2 * HOUR },
  { which: 'day', aheadMs: 24 * HOUR },
] as const;
const SWEEP_BATCH = 50;
const MY_ORDERS = '/MyAccount?tab=orders';
const MY_SALES = '/MyAccount?tab=sales';

export interface WinsDeps {
  db: Kysely<DB>;
  clock: Clock;
  ports: {
    accounts: Pick<AccountsPort, 'contactsOf'>;
    catalog: Pick<CatalogPort, 'forAuction'>;
    orders: OrdersPort;
    notifications: Pick<NotificationsPort, 'notify'>;
  };
  strikes: Strikes;
  mailLater: MailLater;
  publicUrl: string;
  avatarUrl: (key: string | null) => string;
  secondChanceMs: number;
}

type Trx = Transaction<DB>;

/** One piece of news for one person: their bell, and a mail too when `mail` is set. */
interface Tell {
  userId: string;
  kind: NewNotification['kind'];
  subject: string;
  link: string;
  words: (locale: 'en' | 'ar') => Words;
  mail?: boolean;
}

/**
 * Winners who don't pay (issue 31, ADR 0037): the sweep that reminds winners and cancels what is
 * past its deadline with a strike, the winner's request to cancel and the seller's answer, and
 * the second-chance offer to the runner-up. Orders' rows change only through the orders port's
 * conditional updates; the strikes, the offers and the news are written in the same transaction.
 */
export function createWins(deps: WinsDeps) {
  const { db, clock, ports, strikes } = deps;

  /** Bells in each person's language, stored in the transaction; mails sent after it commits. */
  async function tell(trx: Trx, onCommit: OnCommit, news: Tell[]): Promise<void> {
    if (!news.length) return;
    const contacts = new Map(
      (await ports.accounts.contactsOf(trx, [...new Set(news.map((n) => n.userId))])).map((c) => [c.id, c]),
    );
    const worded = news.map((n) => ({ n, locale: recipientLocale(contacts.get(n.userId)?.locale) }));
    await ports.notifications.notify(
      trx,
      onCommit,
      worded.map(({ n, locale }) => ({
        userId: n.userId,
        kind: n.kind,
        subject: n.subject,
        link: n.link,
        ...n.words(locale),
      })),
    );
    for (const { n, locale } of worded) {
      const contact = contacts.get(n.userId);
      if (n.mail && contact)
        deps.mailLater(onCommit, winsMail(deps.publicUrl, contact.email, n.words(locale), n.link, locale));
    }
  }

  const inTransaction = <T>(work: (trx: Trx, onCommit: OnCommit) => Promise<T>) =>
    withAfterCommit((onCommit) => db.transaction().execute((trx) => work(trx, onCommit)));

  /** What an order is about, in a line: its first line's title (a show order names its first win). */
  const titleOf = (parties: { title: string }[]) => parties[0]?.title ?? '';
  const sellersOf = (parties: { seller_id: string }[]) => [...new Set(parties.map((p) => p.seller_id))];
  /** The seller's page for what was won: the auction (second chance, relist), or their sales. */
  const sellerLink = (parties: { auction_id: string | null }[]) =>
    parties.length === 1 && parties[0]!.auction_id ? auctionPath(parties[0]!.auction_id) : MY_SALES;

  async function remind(orderId: string, which: 'day' | 'hours'): Promise<void> {
    await inTransaction(async (trx, onCommit) => {
      if (!(await ports.orders.claimWinReminder(trx, orderId, which))) return;
      const parties = await ports.orders.partiesOf(trx, orderId);
      const first = parties[0];
      if (!first?.complete_by) return;
      await tell(trx, onCommit, [
        {
          userId: first.buyer_id,
          kind: 'win_reminder',
          subject: orderId,
          link: MY_ORDERS,
          words: (l) => reminderNews(l, titleOf(parties), first.complete_by!),
          mail: true,
        },
      ]);
    });
  }

  /** Past the deadline: cancelled as unpaid, one strike, winner and sellers told; nothing if the address came first. */
  async function cancelUnpaid(orderId: string): Promise<void> {
    await inTransaction(async (trx, onCommit) => {
      if (!(await ports.orders.cancelUnpaid(trx, orderId))) return;
      const parties = await ports.orders.partiesOf(trx, orderId);
      const first = parties[0];
      if (!first) return;
      const title = titleOf(parties);
      await strikes.strike(trx, first.buyer_id, orderId, title);
      await tell(trx, onCommit, [
        {
          userId: first.buyer_id,
          kind: 'win_unpaid',
          subject: orderId,
          link: MY_ORDERS,
          words: (l) => unpaidNews(l, title),
          mail: true,
        },
        ...sellersOf(parties).map((sellerId) => ({
          userId: sellerId,
          kind: 'buyer_unpaid' as const,
          subject: orderId,
          link: sellerLink(parties),
          words: (l: 'en' | 'ar') => buyerUnpaidNews(l, title),
          mail: true,
        })),
      ]);
    });
  }

  /** How long until the next reminder or deadline among waiting orders (the sweep sleeps until then). */
  async function nextDueMs(): Promise<number> {
    const now = clock.now().getTime();
    let next = Number.POSITIVE_INFINITY;
    for (const row of await ports.orders.upcomingWinDeadlines()) {
      const end = Date.parse(row.complete_by!);
      next = Math.min(next, end);
      if (!row.reminded_hours_at) next = Math.min(next, end - 2 * HOUR);
      if (!row.reminded_day_at) next = Math.min(next, end - 24 * HOUR);
    }
    return Math.max(0, next - now);
  }

  function offerView(row: sq.OfferRow, viewerId: string | null): SecondChanceOffer {
    const expired = row.status === 'open' && row.expires_at <= clock.iso();
    return {
      id: row.id,
      status: expired ? 'expired' : row.status,
      amount: row.amount,
      expiresAt: row.expires_at,
      bidder: { id: row.bidder_id, username: row.username, profilePic: deps.avatarUrl(row.avatar_key) },
      toMe: viewerId === row.bidder_id,
      orderId: viewerId === row.bidder_id || viewerId === row.seller_id ? row.order_id : null,
    };
  }

  /**
   * Whether the seller may still act on this sold auction's lost sale: its order was cancelled
   * (unpaid, or at the winner's request) and the product is still tied to it (not relisted).
   */
  async function lostSale(runner: Kysely<DB>, auction: { id: string; status: string; product_id: string | null }) {
    if (auction.status !== 'sold' || !auction.product_id) return false;
    const order = await ports.orders.orderOfAuction(auction.id, runner);
    if (!order || order.status !== 'cancelled') return false;
    const product = await ports.catalog.forAuction(runner as Trx, auction.product_id);
    return product?.relatedAuction === auction.id;
  }

  return {
    /** The job's one run: reminders, then cancels; returns how soon the next is due. */
    async sweep(): Promise<number> {
      for (const { which, aheadMs } of REMINDERS)
        for (const { id } of await ports.orders.dueWinReminders(which, aheadMs, SWEEP_BATCH)) await remind(id, which);
      const due = await ports.orders.dueUnpaidOrders(SWEEP_BATCH);
      for (const { id } of due) await cancelUnpaid(id);
      return due.length === SWEEP_BATCH ? 0 : nextDueMs();
    },

    /** The winner asks the seller to cancel (changed mind); the seller is told. */
    async askCancel(user: UserRow, orderId: string): Promise<Order> {
      await inTransaction(async (trx, onCommit) => {
        await ports.orders.askCancel(trx, user.id, orderId);
        const parties = await ports.orders.partiesOf(trx, orderId);
        await tell(
          trx,
          onCommit,
          sellersOf(parties).map((sellerId) => ({
            userId: sellerId,
            kind: 'cancel_asked' as const,
            subject: orderId,
            link: MY_SALES,
            words: (l: 'en' | 'ar') => cancelAskedNews(l, titleOf(parties), user.username),
            mail: true,
          })),
        );
      });
      return ports.orders.orderOf(user.id, orderId);
    },

    /** The seller agrees (the order is cancelled, no strike) or declines (the deadline runs on). */
    async answerCancel(user: UserRow, lineId: string, agree: boolean): Promise<Sale> {
      await inTransaction(async (trx, onCommit) => {
        const orderId = await ports.orders.answerCancel(trx, user.id, lineId, agree);
        const parties = await ports.orders.partiesOf(trx, orderId);
        await tell(trx, onCommit, [
          {
            userId: parties[0]!.buyer_id,
            kind: 'cancel_answered',
            subject: orderId,
            link: MY_ORDERS,
            words: (l) => cancelAnsweredNews(l, titleOf(parties), agree),
          },
        ]);
      });
      return ports.orders.saleOf(user.id, lineId);
    },

    /** The seller offers the item to the runner-up at their own highest bid; once per auction. */
    async offerSecondChance(user: UserRow, auctionId: string): Promise<SecondChanceOffer> {
      const id = crypto.randomUUID();
      try {
        await inTransaction(async (trx, onCommit) => {
          const auction = await q.findAuction(trx, auctionId);
          if (!auction) throw new DomainError('NOT_FOUND', MSG.auctionNotFound);
          if (auction.seller_id !== user.id) throw new DomainError('FORBIDDEN', MSG.notAuctionSeller);
          if (await sq.offerOfAuction(trx, auctionId)) throw new DomainError('CONFLICT', MSG.secondChanceAlreadySent);
          if (!auction.winner_id || !(await lostSale(trx, auction)))
            throw new DomainError('CONFLICT', MSG.secondChanceNotAllowed);
          const runnerUp = await sq.runnerUp(trx, auctionId, auction.winner_id);
          if (!runnerUp || runnerUp.bidder_id === user.id)
            throw new DomainError('CONFLICT', MSG.secondChanceNoRunnerUp);
          const amount = Number(runnerUp.amount);
          const expiresAt = clock.iso(deps.secondChanceMs);
          await sq.insertOffer(trx, {
            id,
            auction_id: auctionId,
            seller_id: user.id,
            bidder_id: runnerUp.bidder_id,
            amount,
            status: 'open',
            expires_at: expiresAt,
            created_at: clock.iso(),
            decided_at: null,
            order_id: null,
          });
          await tell(trx, onCommit, [
            {
              userId: runnerUp.bidder_id,
              kind: 'second_chance',
              subject: auctionId,
              link: auctionPath(auctionId),
              words: (l) => secondChanceNews(l, auction.title, amount, expiresAt),
              mail: true,
            },
          ]);
        });
      } catch (error) {
        // Two taps at once: the unique auction_id lets one offer in.
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', MSG.secondChanceAlreadySent);
        throw error;
      }
      return offerView((await sq.findOffer(db, id))!, user.id);
    },

    /** The runner-up's one tap: accepted makes their order (waiting for the address, with its own deadline). */
    async answerSecondChance(user: UserRow, offerId: string, accept: boolean): Promise<SecondChanceOffer> {
      await inTransaction(async (trx, onCommit) => {
        const offer = await sq.findOffer(trx, offerId);
        if (!offer || offer.bidder_id !== user.id) throw new DomainError('NOT_FOUND', MSG.offerNotFound);
        if (!(await sq.decideOffer(trx, offerId, user.id, accept ? 'accepted' : 'declined', clock.iso())))
          throw new DomainError('CONFLICT', MSG.offerNotOpen);
        const auction = (await q.findAuction(trx, offer.auction_id))!;
        if (accept) {
          // Relisted meanwhile (only possible once the offer had lapsed, but checked where it is decided).
          if (!(await lostSale(trx, auction))) throw new DomainError('CONFLICT', MSG.offerNotOpen);
          const orderId = await ports.orders.createForSecondChance(trx, {
            offerId,
            auctionId: auction.id,
            buyerId: user.id,
            sellerId: auction.seller_id,
            productId: auction.product_id,
            title: auction.title,
            imageKey: firstImageKey(auction.images),
            price: offer.amount,
          });
          await sq.setOfferOrder(trx, offerId, orderId);
        }
        await tell(trx, onCommit, [
          {
            userId: auction.seller_id,
            kind: 'offer_answered',
            subject: auction.id,
            link: auctionPath(auction.id),
            words: (l) => secondChanceAnsweredNews(l, auction.title, accept, user.username),
            mail: accept,
          },
        ]);
      });
      return offerView((await sq.findOffer(db, offerId))!, user.id);
    },

    /** The auction page's part (issue 31): the offer for its seller and runner-up, or whom the seller may offer it to. */
    async forAuctionPage(
      auction: { id: string; status: string; product_id: string | null; seller_id: string; winner_id: string | null },
      viewerId: string | null,
    ): Promise<{ secondChance: SecondChanceOffer | null; runnerUp: RunnerUp | null; lostSale: boolean }> {
      const none = { secondChance: null, runnerUp: null, lostSale: false };
      if (!viewerId || auction.status !== 'sold') return none;
      const offer = await sq.offerOfAuction(db, auction.id);
      if (offer && (viewerId === offer.bidder_id || viewerId === auction.seller_id))
        return {
          secondChance: offerView(offer, viewerId),
          runnerUp: null,
          lostSale: viewerId === auction.seller_id && offer.status !== 'accepted' && (await lostSale(db, auction)),
        };
      if (viewerId !== auction.seller_id || offer || !auction.winner_id || !(await lostSale(db, auction))) return none;
      const r = await sq.runnerUp(db, auction.id, auction.winner_id);
      return {
        secondChance: null,
        runnerUp: r
          ? {
              bidder: { id: r.bidder_id, username: r.username, profilePic: deps.avatarUrl(r.avatar_key) },
              amount: Number(r.amount),
            }
          : null,
        lostSale: true,
      };
    },

    /** Whether the seller may relist a sold auction whose sale was lost: no offer standing or taken. */
    async mayRelistLostSale(runner: Kysely<DB>, auction: { id: string; status: string; product_id: string | null }) {
      if (!(await lostSale(runner, auction))) return false;
      const offer = await sq.offerOfAuction(runner, auction.id);
      return !offer || offer.status === 'declined' || (offer.status === 'open' && offer.expires_at <= clock.iso());
    },
  };
}

export type Wins = ReturnType<typeof createWins>;
