import type { Kysely } from 'kysely';
import { MSG, type InvoiceRef } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { parseDocument } from './invoice-document.js';
import { createInvoiceIssuing, type InvoiceIssuingDeps } from './invoice-issuing.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import * as q from './invoice-queries.js';

const refOf = (row: {
  id: string;
  number: string;
  seller_id: string;
  issued_at: string;
  total: number;
  document: string;
  credits_number: string | null;
}): InvoiceRef => ({
  id: row.id,
  number: row.number,
  kind: parseDocument(row.document).kind,
  sellerId: row.seller_id,
  issuedAt: row.issued_at,
  total: row.total,
  credits: row.credits_number,
});

/**
 * Invoices and credit notes (issue 32, ADR 0042): documents of an order, one per seller's lines,
 * issued in the transaction that places the order or cancels a line, so there is never a placed
 * order without its invoices, and a rolled-back one uses no number.
 */
export type Invoices = ReturnType<typeof createInvoices>;

export function createInvoices(deps: InvoiceIssuingDeps & { db: Kysely<DB> }) {
  const { db } = deps;

  return {
    ...createInvoiceIssuing(deps),

    /** The documents of these orders by order id: all of them, or one seller's. */
    async documentsOf(orderIds: string[], sellerId?: string): Promise<Map<string, InvoiceRef[]>> {
      const rows = await q.documentsOf(db, orderIds, sellerId);
      const byOrder = new Map<string, InvoiceRef[]>();
      for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), refOf(row)]);
      return byOrder;
    },

    /** An order's documents for its buyer (every seller's) or one of its sellers (their own); 404 to anyone else. */
    async listFor(person: UserRow, orderId: string): Promise<InvoiceRef[]> {
      const order = await q.orderBuyer(db, orderId);
      const isBuyer = order?.buyer_id === person.id;
      if (!order || (!isBuyer && !(await q.sellsIn(db, orderId, person.id))))
        throw new DomainError('NOT_FOUND', MSG.orderNotFound);
      const rows = await q.documentsOf(db, [orderId], isBuyer ? undefined : person.id);
      return rows.map(refOf);
    },

    /** The PDF of one document, for its buyer or its seller; 404 to anyone else, as if it did not exist. */
    async pdfFor(person: UserRow, id: string): Promise<{ filename: string; pdf: Buffer }> {
      const row = await q.findDocument(db, id);
      if (!row || (row.buyer_id !== person.id && row.seller_id !== person.id))
        throw new DomainError('NOT_FOUND', MSG.invoiceNotFound);
      return { filename: `${row.number}.pdf`, pdf: await renderInvoicePdf(parseDocument(row.document)) };
    },
  };
}
