import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  IdempotencyKeySchema,
  MSG,
  NEXT_FULFILMENT,
  vatFor,
  type AddressInput,
  type CheckoutInput,
  type Clip,
  type FulfilmentChange,
  type FulfilmentStatus,
  type Order,
  type Quote,
  type QuoteInput,
  type Sale,
} from '@souq/shared';
import { isUniqueViolation, type DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { MediaService } from '../../media/media-service.js';
import type { CatalogPort } from '../catalog/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import { createInvoices } from './invoices.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './queries.js';
import * as uq from './unpaid-queries.js';
import { orderPlacedMail } from './emails.js';
import { exportCsv } from './export.js';
import type { ExportSide } from './export-queries.js';
import { gulfDay } from '../../lib/gulf-time.js';
import { recipientLocale } from '../../lib/locale.js';
import type { Mailer } from '../../adapters/mail/index.js';
import type { FastifyBaseLogger } from 'fastify';

type Trx = Transaction<DB>;
/** A quoted line, with what the order stores but the browser is not shown: the seller, and the photo's key. */
type PricedLine = Quote['lines'][number] & { sellerId: string; imageKey: string | null };

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Where the clips of lines won at show lots come from: the streams module provides it as it
 * starts, since orders may not import streams (the dependency runs streams → orders).
 */
export type ClipSource = (auctionIds: string[]) => Promise<ReadonlyMap<string, Clip>>;

/** What a line won or bought in a show carries into the buyer's show order. */
export interface ShowLine {
  productId: string | null;
  sellerId: string;
  title: string;
  imageKey: string | null;
  unitPrice: number;
  /** The lot it was won at; null for a Buy It Now purchase. */
  auctionId: string | null;
}

/** Same product twice in a cart is one line with the quantities added. */
function mergeLines(lines: { productId: string; quantity: number }[]) {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.productId, Math.min(99, (merged.get(l.productId) ?? 0) + l.quantity));
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * What an idempotency key promises to repeat: the cart (merged, in product order, so a retry that
 * lists the same lines differently is the same order) and the delivery address, as validated.
 */
function requestHash(input: { lines: { productId: string; quantity: number }[]; address: AddressInput }): string {
  const lines = mergeLines(input.lines).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  const { emirate, area, street, phone } = input.address;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ lines, address: { emirate, area, street, phone } }))
    .digest('hex');
}

/** An item won (at auction, or by a second chance) that becomes an order of its own. */
interface WonSale {
  auctionId: string;
  buyerId: string;
  sellerId: string;
  productId: string | null;
  title: string;
  imageKey: string | null;
  price: number;
}

export function createOrdersService(deps: {
  db: Kysely<DB>;
  dialect: DialectName;
  catalog: CatalogPort;
  /** The sellers' tax details, copied into each invoice as it is issued (issue 32). */
  profiles: Pick<ProfilesPort, 'taxDetailsOf'>;
  clock: Clock;
  /** How long a winner has to give the address (WIN_COMPLETE_HOURS, issue 31). */
  winCompleteMs: number;
  media: Pick<MediaService, 'avatarUrl' | 'thumbUrl'>;
  /** The buyer's confirmation, sent once the order has committed; a mail that fails is only logged. */
  mail: { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger };
  /** How long a seller has to ship once the order has its address (SHIP_WITHIN_HOURS, issue 31). */
  shipWithinMs: number;
}) {
  const { db, catalog, media } = deps;
  const clipSources: ClipSource[] = [];
  const invoices = createInvoices({ db, clock: deps.clock, profiles: deps.profiles });
  /** A won order's deadline, counted from now (the win). */
  const completeBy = () => deps.clock.iso(deps.winCompleteMs);

  /** Past its deadline and still unshipped (issue 31): the buyer may cancel it, the seller sees it late. */
  const isLate = (line: { status: string; ship_by: string | null }) =>
    line.ship_by !== null &&
    line.ship_by <= deps.clock.iso() &&
    (q.UNSHIPPED as readonly string[]).includes(line.status);

  /** The clips of these lines' lots, from every source added (none until streams adds its own). */
  async function clipsOf(auctionIds: (string | null)[]): Promise<ReadonlyMap<string, Clip>> {
    const ids = [...new Set(auctionIds.filter((id): id is string => id !== null))];
    const clips = new Map<string, Clip>();
    if (!ids.length) return clips;
    for (const source of clipSources) for (const [id, clip] of await source(ids)) clips.set(id, clip);
    return clips;
  }

  /**
   * The buyer's show order waiting for their address, made if there is none: insert-if-none, then
   * read it locked. If the address was given between the two (the order left 'awaiting_address'),
   * the next round makes a new one, as a win after the address does.
   */
  async function openShowOrder(trx: Trx, buyerId: string, streamId: string): Promise<string> {
    for (let round = 0; round < 3; round++) {
      const id = crypto.randomUUID();
      await q.insertShowOrderIfNone(
        trx,
        q.awaitingAddressOrder({
          id,
          buyerId,
          // Unique per order, so the only conflict the insert can meet is the open show order's index.
          idempotencyKey: `show:${id}`,
          subtotal: 0,
          vat: 0,
          createdAt: deps.clock.iso(),
          auctionId: null,
          streamId,
          // The first win's deadline is the whole show order's (ADR 0037): it is set only as the order is made.
          completeBy: completeBy(),
        }),
      );
      const open = await q.lockOpenShowOrder(trx, buyerId, streamId, deps.dialect);
      if (open) return open.id;
    }
    throw new DomainError('CONFLICT', MSG.orderNotAwaitingAddress);
  }

  /**
   * A won item's own order, one line, cash on delivery, waiting for the buyer's address before its
   * deadline: the auction's winner's (`auctionId` set, unique) or a second chance's (`auctionId`
   * null; the line names the auction either way).
   */
  async function insertWonOrder(
    trx: Trx,
    sale: WonSale,
    idempotencyKey: string,
    auctionId: string | null,
  ): Promise<string> {
    const id = crypto.randomUUID();
    const createdAt = deps.clock.iso();
    await q.insertOrder(
      trx,
      q.awaitingAddressOrder({
        id,
        buyerId: sale.buyerId,
        idempotencyKey,
        subtotal: sale.price,
        vat: vatFor(sale.price),
        createdAt,
        auctionId,
        completeBy: completeBy(),
      }),
    );
    await q.insertLines(
      trx,
      [
        {
          id: crypto.randomUUID(),
          order_id: id,
          position: 0,
          product_id: sale.productId,
          seller_id: sale.sellerId,
          title: sale.title,
          image_key: sale.imageKey,
          unit_price: sale.price,
          quantity: 1,
          line_total: sale.price,
          auction_id: sale.auctionId,
        },
      ],
      createdAt,
    );
    if (sale.productId) await catalog.recordSale(trx, sale.productId, 1);
    return id;
  }

  /** Adds one unit to the buyer's show order and prices the whole order again, VAT as at checkout. */
  async function addToShow(trx: Trx, buyerId: string, streamId: string, line: ShowLine): Promise<string> {
    const orderId = await openShowOrder(trx, buyerId, streamId);
    const before = await q.lineSums(trx, orderId);
    await q.insertLines(
      trx,
      [
        {
          id: crypto.randomUUID(),
          order_id: orderId,
          position: Number(before.last_position) + 1,
          product_id: line.productId,
          seller_id: line.sellerId,
          title: line.title,
          image_key: line.imageKey,
          unit_price: line.unitPrice,
          quantity: 1,
          line_total: line.unitPrice,
          auction_id: line.auctionId,
        },
      ],
      deps.clock.iso(),
    );
    const subtotal = Number(before.subtotal) + line.unitPrice;
    const vat = vatFor(subtotal);
    await q.setTotals(trx, orderId, { subtotal, vat, total: subtotal + vat });
    if (line.productId) await catalog.recordSale(trx, line.productId, 1);
    return orderId;
  }

  /** Prices come from the database; what the browser's cart claims is ignored. */
  async function price(
    trx: Trx,
    buyer: UserRow,
    requested: { productId: string; quantity: number }[],
  ): Promise<Omit<Quote, 'lines'> & { lines: PricedLine[] }> {
    const wanted = mergeLines(requested);
    const products = new Map(
      (
        await catalog.pricesFor(
          trx,
          wanted.map((l) => l.productId),
        )
      ).map((p) => [p.id, p]),
    );
    const lines = wanted.map(({ productId, quantity }) => {
      const p = products.get(productId);
      if (!p || !p.purchasable) throw new DomainError('CONFLICT', MSG.itemsUnavailable, { productId });
      if (p.ownerId === buyer.id) throw new DomainError('FORBIDDEN', MSG.cannotBuyOwn, { productId });
      return {
        productId,
        title: p.title,
        image: media.thumbUrl(p.imageKey),
        unitPrice: p.price,
        quantity,
        lineTotal: p.price * quantity,
        sellerId: p.ownerId,
        imageKey: p.imageKey,
      };
    });
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
    const vat = vatFor(subtotal);
    return { lines, subtotal, vat, total: subtotal + vat };
  }

  async function toOrders(rows: Selectable<DB['orders']>[]): Promise<Order[]> {
    const lines = await q.linesOf(
      db,
      rows.map((o) => o.id),
    );
    const clips = await clipsOf(lines.map((l) => l.auction_id));
    const documents = await invoices.documentsOf(rows.map((o) => o.id));
    return rows.map((o) => ({
      id: o.id,
      status: o.status,
      paymentMethod: o.payment_method,
      subtotal: o.subtotal,
      vat: o.vat,
      total: o.total,
      address: { emirate: o.emirate, area: o.area, street: o.street, phone: o.phone },
      createdAt: o.created_at,
      auctionId: o.auction_id,
      completeBy: o.complete_by,
      cancelReason: o.cancel_reason,
      cancelAsked: o.status === 'awaiting_address' && o.cancel_asked_at !== null,
      documents: documents.get(o.id) ?? [],
      lines: lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({
          id: l.id,
          sellerId: l.seller_id,
          productId: l.product_id ?? '',
          title: l.title,
          image: media.thumbUrl(l.image_key),
          unitPrice: l.unit_price,
          quantity: l.quantity,
          lineTotal: l.line_total,
          status: l.status as FulfilmentStatus,
          statusAt: l.status_at,
          shipBy: l.ship_by,
          late: isLate(l),
          auctionId: l.auction_id,
          clip: (l.auction_id && clips.get(l.auction_id)) || null,
        })),
    }));
  }

  /** The order placed earlier under this key, provided it was for the same cart and address. */
  async function existing(buyer: UserRow, key: string, hash: string): Promise<Order | undefined> {
    const row = await q.findOrderByKey(db, buyer.id, key);
    if (!row) return undefined;
    // As Stripe does: a key reused with another body is a client bug, not a retry.
    if (row.request_hash !== null && row.request_hash !== hash)
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', MSG.orderKeyReused);
    return (await toOrders([row]))[0];
  }

  /** Sales rows of one seller, newest first; or just one line of theirs. */
  async function salesOf(sellerId: string, lineId?: string): Promise<Sale[]> {
    const rows = await q.salesOfSeller(db, sellerId, lineId ? 1 : 100, lineId);
    const clips = await clipsOf(rows.map((s) => s.auction_id));
    const documents = await invoices.documentsOf(
      rows.map((s) => s.order_id),
      sellerId,
    );
    return rows.map((s) => ({
      id: s.id,
      orderId: s.order_id,
      productId: s.product_id,
      title: s.title,
      image: media.thumbUrl(s.image_key),
      unitPrice: s.unit_price,
      quantity: s.quantity,
      lineTotal: s.line_total,
      buyer: { id: s.buyer_id, username: s.buyer_username, profilePic: media.avatarUrl(s.buyer_avatar) },
      emirate: s.emirate,
      delivery: s.status === 'awaiting_address' ? null : { area: s.area, street: s.street, phone: s.phone },
      orderStatus: s.status,
      status: s.line_status as FulfilmentStatus,
      statusAt: s.status_at,
      shipBy: s.ship_by,
      late: isLate({ status: s.line_status, ship_by: s.ship_by }),
      createdAt: s.created_at,
      auctionId: s.auction_id,
      clip: (s.auction_id && clips.get(s.auction_id)) || null,
      completeBy: s.complete_by,
      cancelAsked: s.status === 'awaiting_address' && s.cancel_asked_at !== null,
      documents: documents.get(s.order_id) ?? [],
    }));
  }

  return {
    async quote(buyer: UserRow, { lines }: QuoteInput): Promise<Quote> {
      const quote = await db.transaction().execute((trx) => price(trx, buyer, lines));
      return { ...quote, lines: quote.lines.map(({ sellerId: _seller, imageKey: _key, ...line }) => line) };
    },

    /** Creates the order once per idempotency key: a double click or a retry returns the first one. */
    async place(
      buyer: UserRow,
      checkout: CheckoutInput,
      idempotencyKey: string | undefined,
    ): Promise<{ order: Order; created: boolean }> {
      // Without a well-formed key a retry could place the order twice: the checkout starts again.
      if (idempotencyKey === undefined || !IdempotencyKeySchema.safeParse(idempotencyKey).success)
        throw new DomainError('VALIDATION_FAILED', MSG.checkoutExpired);
      const input = { ...checkout, idempotencyKey };
      const hash = requestHash(input);
      const prior = await existing(buyer, input.idempotencyKey, hash);
      if (prior) return { order: prior, created: false };
      const id = crypto.randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          const quote = await price(trx, buyer, input.lines);
          const placedAt = deps.clock.iso();
          await q.insertOrder(trx, {
            id,
            buyer_id: buyer.id,
            idempotency_key: input.idempotencyKey,
            request_hash: hash,
            status: 'placed',
            payment_method: 'cash_on_delivery',
            subtotal: quote.subtotal,
            vat: quote.vat,
            total: quote.total,
            emirate: input.address.emirate,
            area: input.address.area,
            street: input.address.street,
            phone: input.address.phone,
            created_at: placedAt,
            auction_id: null,
          });
          await q.insertLines(
            trx,
            quote.lines.map((l, position) => ({
              id: crypto.randomUUID(),
              order_id: id,
              position,
              product_id: l.productId,
              seller_id: l.sellerId,
              title: l.title,
              image_key: l.imageKey,
              unit_price: l.unitPrice,
              quantity: l.quantity,
              line_total: l.lineTotal,
              ship_by: deps.clock.iso(deps.shipWithinMs),
            })),
            placedAt,
          );
          // Product rows are locked in id order, so two carts with the same products in another order cannot deadlock.
          const byId = [...quote.lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
          for (const l of byId) await catalog.recordSale(trx, l.productId, l.quantity);
          // The tax point is the order's placing (ADR 0042): its invoices are part of it.
          await invoices.issueForOrder(trx, id);
        });
      } catch (error) {
        // The same key raced in from a second request: that request's order is the order.
        if (isUniqueViolation(error)) {
          const raced = await existing(buyer, input.idempotencyKey, hash);
          if (raced) return { order: raced, created: false };
        }
        throw error;
      }
      const order = (await existing(buyer, input.idempotencyKey, hash))!;
      const { mailer, publicUrl, log } = deps.mail;
      mailer
        .send(orderPlacedMail(publicUrl, buyer.email, buyer.username, order, buyer.locale))
        .catch((err: unknown) => log.warn({ err }, 'order confirmation mail not sent'));
      return { order, created: true };
    },

    /**
     * The winner's order for a sold auction, inside the close's transaction: the hammer price plus
     * VAT, cash on delivery, waiting for the winner's address. The unique index on auction_id
     * makes a second one impossible whatever else goes wrong. A show's lot (`streamId`) instead
     * joins the winner's show order (ADR 0036): one delivery and one amount for the whole show.
     */
    async createForAuction(trx: Trx, sale: WonSale & { streamId?: string | null }): Promise<string> {
      if (sale.streamId)
        return addToShow(trx, sale.buyerId, sale.streamId, {
          productId: sale.productId,
          sellerId: sale.sellerId,
          title: sale.title,
          imageKey: sale.imageKey,
          unitPrice: sale.price,
          auctionId: sale.auctionId,
        });
      return insertWonOrder(trx, sale, `auction:${sale.auctionId}`, sale.auctionId);
    },

    /**
     * Buy It Now (streams/pins.ts): one unit into the buyer's show order, inside the purchase's
     * transaction. Returns the order it joined.
     */
    async addToShowOrder(
      trx: Trx,
      purchase: {
        buyerId: string;
        streamId: string;
        line: { productId: string; sellerId: string; title: string; imageKey: string | null; unitPrice: number };
      },
    ): Promise<{ id: string; status: string }> {
      const id = await addToShow(trx, purchase.buyerId, purchase.streamId, { ...purchase.line, auctionId: null });
      return { id, status: 'awaiting_address' };
    },

    /** The stream page's "your order from this show": the buyer's latest order of it. */
    showOrderOf: (buyerId: string, streamId: string): Promise<{ id: string; status: string } | undefined> =>
      q.latestShowOrder(db, buyerId, streamId),

    /** Streams adds where lines' clips come from as it starts (as bid gates are added to auctions). */
    addClipSource: (source: ClipSource): void => void clipSources.push(source),

    /** The winner completes an auction's order with the checkout's address form. */
    async completeAddress(buyer: UserRow, orderId: string, address: AddressInput): Promise<Order> {
      // The address and the sellers' shipping deadline (issue 31) are one change.
      const given = await db.transaction().execute(async (trx) => {
        if (!(await q.setAddress(trx, orderId, buyer.id, address))) return false;
        await q.setShipBy(trx, orderId, deps.clock.iso(deps.shipWithinMs));
        // A won order is placed as its address is given: that is its tax point (ADR 0042).
        await invoices.issueForOrder(trx, orderId);
        return true;
      });
      if (!given) {
        const order = await q.findOrder(db, orderId);
        if (!order || order.buyer_id !== buyer.id) throw new DomainError('NOT_FOUND', MSG.orderNotFound);
        // The sweep cancelled it first (issue 31): the winner is told so, not that it has an address.
        if (order.cancel_reason === 'unpaid') throw new DomainError('CONFLICT', MSG.orderUnpaidCancelled);
        throw new DomainError('CONFLICT', MSG.orderNotAwaitingAddress);
      }
      return (await toOrders([(await q.findOrder(db, orderId))!]))[0]!;
    },

    // Winners who don't pay (issue 31, ADR 0037): the auctions module's unpaid-wins part calls these.

    /**
     * The second-chance order (issue 31): the runner-up's, at their own highest bid, waiting for
     * their address with a deadline of its own. Its line names the auction; the order does not
     * (orders.auction_id is the winner's order's, unique).
     */
    async createForSecondChance(trx: Trx, sale: WonSale & { offerId: string }): Promise<string> {
      return insertWonOrder(trx, sale, `second-chance:${sale.offerId}`, null);
    },

    /** Waiting orders whose 24-hours or 2-hours reminder is due now. */
    dueWinReminders: (which: uq.Reminder, aheadMs: number, limit: number) =>
      uq.dueReminders(db, which, deps.clock.iso(), deps.clock.iso(aheadMs), limit),
    claimWinReminder: (trx: Trx, orderId: string, which: uq.Reminder) =>
      uq.claimReminder(trx, orderId, which, deps.clock.iso()),
    /** Waiting orders past their deadline. */
    dueUnpaidOrders: (limit: number) => uq.dueUnpaid(db, deps.clock.iso(), limit),
    /** The deadlines still ahead, with which reminders have gone: the sweep's next wake-up. */
    upcomingWinDeadlines: () => uq.upcomingDeadlines(db, deps.clock.iso()),
    /** Cancels an order past its deadline, in the caller's transaction; false if it was completed (or cancelled) first. */
    cancelUnpaid: (trx: Trx, orderId: string) => uq.cancelWaiting(trx, orderId, 'unpaid', deps.clock.iso()),
    /** An order's buyer and its lines' sellers and titles. */
    partiesOf: (runner: Kysely<DB>, orderId: string) => uq.orderParties(runner, orderId),

    /** The winner asks the seller to cancel; refused unless it is their waiting won order, asked once. */
    async askCancel(trx: Trx, buyerId: string, orderId: string): Promise<void> {
      if (await uq.askCancel(trx, orderId, buyerId, deps.clock.iso())) return;
      const order = await q.findOrder(trx, orderId);
      if (!order || order.buyer_id !== buyerId) throw new DomainError('NOT_FOUND', MSG.orderNotFound);
      if (order.status === 'awaiting_address' && order.cancel_asked_at)
        throw new DomainError('CONFLICT', MSG.cancelAlreadyAsked);
      throw new DomainError('CONFLICT', MSG.orderNotCancellable);
    },

    /**
     * The seller answers on one of their lines: agreeing cancels the whole waiting order with no
     * strike, declining withdraws the request and leaves the deadline running. Returns the order.
     */
    async answerCancel(trx: Trx, sellerId: string, lineId: string, agree: boolean): Promise<string> {
      const line = await uq.orderOfSellerLine(trx, lineId, sellerId);
      if (!line) throw new DomainError('NOT_FOUND', MSG.saleNotFound);
      const done = agree
        ? await uq.cancelWaiting(trx, line.order_id, 'buyer_asked', deps.clock.iso())
        : await uq.declineCancel(trx, line.order_id);
      if (!done) throw new DomainError('CONFLICT', MSG.cancelNotAsked);
      return line.order_id;
    },

    /** One order of the buyer's, as My Orders shows it. */
    async orderOf(buyerId: string, orderId: string): Promise<Order> {
      const row = await q.findOrder(db, orderId);
      if (!row || row.buyer_id !== buyerId) throw new DomainError('NOT_FOUND', MSG.orderNotFound);
      return (await toOrders([row]))[0]!;
    },

    /** One line of the seller's, as Sales shows it. */
    async saleOf(sellerId: string, lineId: string): Promise<Sale> {
      const sale = (await salesOf(sellerId, lineId))[0];
      if (!sale) throw new DomainError('NOT_FOUND', MSG.saleNotFound);
      return sale;
    },

    /** For You: the sellers of what this person bought lately. */
    purchaseSignals: (buyerId: string, limit: number) => q.purchaseSignals(db, buyerId, limit),

    /** An auction's order, for the auction page (its winner and seller see it). */
    orderOfAuction: (auctionId: string, runner: Kysely<DB> = db) => q.findOrderOfAuction(runner, auctionId),

    async ordersOf(buyer: UserRow): Promise<Order[]> {
      return toOrders(await q.ordersOfBuyer(db, buyer.id, 50));
    },

    /**
     * The seller moves their line on: forward only, cancel until shipped, and only once the
     * buyer has given an address. `from` must be what the seller saw, so a stale tab is refused.
     */
    async moveSale(seller: UserRow, lineId: string, change: FulfilmentChange): Promise<Sale> {
      const line = await q.saleLine(db, lineId, seller.id);
      if (!line) throw new DomainError('NOT_FOUND', MSG.saleNotFound);
      if (line.order_status === 'awaiting_address') throw new DomainError('CONFLICT', MSG.fulfilmentNeedsAddress);
      if (line.status !== change.from) throw new DomainError('CONFLICT', MSG.fulfilmentChanged);
      if (!NEXT_FULFILMENT[change.from].includes(change.status))
        throw new DomainError('CONFLICT', MSG.fulfilmentNotAllowed);
      const moved = await db.transaction().execute(async (trx) => {
        if (!(await q.moveLine(trx, lineId, seller.id, change.from, change.status, deps.clock.iso()))) return false;
        // A cancel after the invoice is credited in the same change (ADR 0042).
        if (change.status === 'cancelled') await invoices.creditLines(trx, [lineId]);
        return true;
      });
      if (!moved) throw new DomainError('CONFLICT', MSG.fulfilmentChanged);
      return (await salesOf(seller.id, lineId))[0]!;
    },

    salesOf: (seller: UserRow): Promise<Sale[]> => salesOf(seller.id),

    /**
     * My orders ('buyer') or sales ('seller') as a CSV download (issue 32): its dated name and its
     * chunks, read a page at a time as the answer is sent. Headers in the person's language.
     */
    csvExport(person: UserRow, side: ExportSide) {
      const kind = side === 'buyer' ? 'orders' : 'sales';
      return {
        filename: `souq-${kind}-${gulfDay(deps.clock.now())}.csv`,
        chunks: exportCsv(db, side, person.id, recipientLocale(person.locale)),
      };
    },

    // Invoices and credit notes (issue 32, ADR 0042): invoices.ts.
    /** An order's invoices and credit notes for its buyer (all) or a seller (their own); 404 to anyone else. */
    orderDocuments: (person: UserRow, orderId: string) => invoices.listFor(person, orderId),
    /** One document as a PDF, drawn from its snapshot; 404 to anyone but its buyer and seller. */
    documentPdf: (person: UserRow, id: string) => invoices.pdfFor(person, id),

    // After a sale (issue 31): the aftersale module's rules on lines, through the port.

    /** Late lines whose buyer has not been told; `markLate` claims each one in the caller's transaction. */
    lateLinesUntold: (limit: number) => q.lateLinesUntold(db, deps.clock.iso(), limit),
    markLate: (trx: Trx, lineId: string): Promise<boolean> => q.markLate(trx, lineId, deps.clock.iso()),
    /** The next deadline ahead, or null: the late job sleeps until then (a short SHIP_WITHIN_HOURS is told in time). */
    nextShipBy: async (): Promise<string | null> => (await q.nextShipBy(db, deps.clock.iso()))?.next ?? null,

    /** One line of the buyer's orders, or undefined if it is not theirs. */
    buyerLine: (lineId: string, buyerId: string) => q.buyerLine(db, lineId, buyerId),

    /**
     * The buyer cancels a line its seller is late to ship: only the buyer, only past the deadline,
     * only unshipped. The update is conditional, so against the seller marking it shipped at the
     * same instant exactly one of the two happens. Like a seller's cancel, it changes no product
     * row (products have no stock count; sold_count records sales made).
     */
    async cancelLate(trx: Trx, buyerId: string, lineId: string) {
      const line = await q.buyerLine(trx, lineId, buyerId);
      if (!line) throw new DomainError('NOT_FOUND', MSG.lineNotFound);
      if (!(q.UNSHIPPED as readonly string[]).includes(line.status))
        throw new DomainError('CONFLICT', MSG.lineAlreadyShipped);
      if (!isLate(line)) throw new DomainError('CONFLICT', MSG.lineNotLate);
      if (!(await q.cancelLate(trx, lineId, buyerId, deps.clock.iso())))
        throw new DomainError('CONFLICT', MSG.lineAlreadyShipped);
      await invoices.creditLines(trx, [lineId]);
      return line;
    },

    /** On-time shipping over the window that ends now. */
    async shippingRecord(sellerId: string, windowMs: number): Promise<{ due: number; onTime: number }> {
      const row = await q.shippingRecord(db, sellerId, deps.clock.iso(-windowMs), deps.clock.iso());
      return { due: Number(row.due), onTime: Number(row.on_time) };
    },
  };
}
