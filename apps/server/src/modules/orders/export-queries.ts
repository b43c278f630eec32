import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The lines of a CSV export (issue 32), a keyset page at a time: newest order first, an order's
 * lines in their order. The cursor is the last row's (created_at, order_id, position), so a page
 * costs the same at row 10,000 as at row 1 and nothing is held beyond one page.
 */
export interface ExportCursor {
  createdAt: string;
  orderId: string;
  position: number;
}

export type ExportSide = 'buyer' | 'seller';

export function exportPage(
  db: Kysely<DB>,
  side: ExportSide,
  personId: string,
  after: ExportCursor | null,
  limit: number,
) {
  return (
    db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      // The other party: the seller on my orders, the buyer on my sales.
      .innerJoin('users as party', 'party.id', side === 'buyer' ? 'order_lines.seller_id' : 'orders.buyer_id')
      .select([
        'orders.id as order_id',
        'orders.created_at',
        'orders.status as order_status',
        'orders.emirate',
        'order_lines.position',
        'order_lines.seller_id',
        'order_lines.status as line_status',
        'order_lines.title',
        'order_lines.quantity',
        'order_lines.unit_price',
        'order_lines.line_total',
        'party.username as party_username',
      ])
      .$if(side === 'buyer', (q) => q.where('orders.buyer_id', '=', personId))
      .$if(side === 'seller', (q) => q.where('order_lines.seller_id', '=', personId))
      .$if(after !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('orders.created_at', '<', after!.createdAt),
            eb.and([
              eb('orders.created_at', '=', after!.createdAt),
              eb.or([
                eb('orders.id', '<', after!.orderId),
                eb.and([eb('orders.id', '=', after!.orderId), eb('order_lines.position', '>', after!.position)]),
              ]),
            ]),
          ]),
        ),
      )
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .orderBy('order_lines.position', 'asc')
      .limit(limit)
      .execute()
  );
}

export type ExportRow = Awaited<ReturnType<typeof exportPage>>[number];
