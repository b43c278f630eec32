import type { Selectable } from 'kysely';
import type { Clip, FulfilmentStatus, Order, Sale } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import type { ClipSource, OrdersDeps } from './deps.js';
import type { Invoices } from './invoices.js';
import * as q from './queries.js';
import { addressOfColumns } from '../../lib/address-columns.js';

/**
 * Orders and sales as the buyer's My Orders and the seller's Sales show them: lines, their clips,
 * their documents, and whether the seller is late.
 */
export function createOrderViews(
  deps: Pick<OrdersDeps, 'db' | 'clock' | 'media'> & { invoices: Invoices; clipSources: readonly ClipSource[] },
) {
  const { db, media, invoices } = deps;
  const { clipSources } = deps;

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
      address: addressOfColumns(o),
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
      delivery: s.status === 'awaiting_address' ? null : deliveryOf(s),
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
    isLate,
    toOrders,
    salesOf,
  };
}

/** Where the seller delivers a sale: the buyer's address but its emirate (the sale names it), and the number to call. */
function deliveryOf(row: Parameters<typeof addressOfColumns>[0] & { phone_e164: string | null }) {
  const { emirate: _shown, ...address } = addressOfColumns(row);
  return { ...address, phoneE164: row.phone_e164 };
}

export type OrderViews = ReturnType<typeof createOrderViews>;
