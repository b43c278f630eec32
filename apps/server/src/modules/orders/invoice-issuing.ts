import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { vatFor, vatOfNextPart } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { ProfilesPort } from '../profiles/port.js';
import { orderNumber } from './export.js';
import { addressLine, documentNumber, parseDocument, type InvoiceDocument } from './invoice-document.js';
import * as q from './invoice-queries.js';

type Trx = Transaction<DB>;

const groupBy = <T, K>(items: T[], key: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

/** A document's line, from an order line as it was when the document was issued. */
const documentLine = (l: {
  id: string;
  title: string;
  quantity: number;
  unit_price: number;
  line_total: number;
}): InvoiceDocument['lines'][number] => ({
  lineId: l.id,
  title: l.title,
  quantity: l.quantity,
  unitPrice: l.unit_price,
  lineTotal: l.line_total,
});

export interface InvoiceIssuingDeps {
  clock: Clock;
  /** The sellers' tax details, copied into each invoice so it stays as issued when a profile changes. */
  profiles: Pick<ProfilesPort, 'taxDetailsOf'>;
}

/**
 * The writing half of invoices: it only ever runs inside the caller's transaction (placing an
 * order, cancelling a line), which is what keeps the numbering free of gaps.
 */
export function createInvoiceIssuing(deps: InvoiceIssuingDeps) {
  const { clock } = deps;

  async function insert(
    trx: Trx,
    doc: Omit<InvoiceDocument, 'number'>,
    row: { series: q.Series; sellerId: string; orderId: string; buyerId: string; creditsId: string | null },
  ) {
    const seq = await q.nextNumber(trx, row.sellerId, row.series);
    const number = documentNumber(row.series, row.sellerId, seq);
    await q.insertInvoice(trx, {
      id: crypto.randomUUID(),
      seller_id: row.sellerId,
      series: row.series,
      seq,
      number,
      order_id: row.orderId,
      buyer_id: row.buyerId,
      credits_id: row.creditsId,
      issued_at: doc.issuedAt,
      subtotal: doc.subtotal,
      vat: doc.vat,
      total: doc.total,
      document: JSON.stringify({ ...doc, number } satisfies InvoiceDocument),
    });
  }

  return {
    /**
     * One invoice per seller in a just-placed order, in its transaction. Sellers' counters are
     * taken in id order, so two orders sharing two sellers cannot deadlock on them.
     */
    async issueForOrder(trx: Trx, orderId: string): Promise<void> {
      const order = await q.orderForInvoice(trx, orderId);
      const bySeller = groupBy(await q.linesForInvoice(trx, orderId), (l) => l.seller_id);
      const sellerIds = [...bySeller.keys()].sort();
      if (!sellerIds.length) return;
      const [tax, names] = await Promise.all([
        deps.profiles.taxDetailsOf(trx, sellerIds),
        q.sellerNames(trx, sellerIds).then((rows) => new Map(rows.map((r) => [r.id, r.username]))),
      ]);
      for (const sellerId of sellerIds) {
        const lines = bySeller.get(sellerId)!;
        const details = tax.get(sellerId);
        const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
        const vat = vatFor(subtotal);
        await insert(
          trx,
          {
            kind: details?.trn ? 'tax_invoice' : 'invoice',
            issuedAt: clock.iso(),
            orderNumber: orderNumber(orderId),
            seller: {
              name: details?.legalName || names.get(sellerId)!,
              address: details?.address ?? '',
              trn: details?.trn ?? null,
            },
            buyer: { name: order.display_name || order.username, address: addressLine(order) },
            lines: lines.map(documentLine),
            subtotal,
            vat,
            total: subtotal + vat,
            credits: null,
          },
          { series: 'INV', sellerId, orderId, buyerId: order.buyer_id, creditsId: null },
        );
      }
    },

    /**
     * A credit note for lines cancelled after their invoice, in the cancelling transaction, citing
     * it. Its VAT is what brings the VAT credited so far to 5% of everything credited so far, so
     * the credit notes of a fully cancelled invoice add up to its VAT to the fils. Lines with no
     * invoice (an order placed before invoices existed) get none.
     */
    async creditLines(trx: Trx, lineIds: string[]): Promise<void> {
      const lines = await q.linesById(trx, lineIds);
      const groups = groupBy(lines, (l) => `${l.order_id}/${l.seller_id}`);
      for (const key of [...groups.keys()].sort()) {
        const group = groups.get(key)!;
        const { order_id: orderId, seller_id: sellerId } = group[0]!;
        const invoice = await q.invoiceOf(trx, orderId, sellerId);
        if (!invoice) continue;
        const cited = parseDocument(invoice.document);
        const before = await q.creditedSoFar(trx, invoice.id);
        const subtotal = group.reduce((sum, l) => sum + l.line_total, 0);
        const vat = vatOfNextPart({ subtotal: Number(before.subtotal), vat: Number(before.vat) }, subtotal);
        await insert(
          trx,
          {
            kind: 'credit_note',
            issuedAt: clock.iso(),
            orderNumber: cited.orderNumber,
            seller: cited.seller,
            buyer: cited.buyer,
            lines: group.map(documentLine),
            subtotal,
            vat,
            total: subtotal + vat,
            credits: { number: invoice.number, issuedAt: invoice.issued_at },
          },
          { series: 'CN', sellerId, orderId, buyerId: invoice.buyer_id, creditsId: invoice.id },
        );
      }
    },
  };
}
