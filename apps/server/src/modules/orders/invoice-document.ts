import type { InvoiceRef } from '@souq/shared';
import type { Series } from './invoice-queries.js';

/**
 * What an invoice or credit note said when it was issued (ADR 0042): copied from Settings and the
 * order at that instant and never changed, so a seller who renames their business, or a buyer who
 * moves, leaves every document issued before as it was. The PDF is drawn from this.
 */
export interface InvoiceDocument {
  kind: InvoiceRef['kind'];
  number: string;
  issuedAt: string;
  /** The order as every page shows it (its id's first eight characters). */
  orderNumber: string;
  seller: { name: string; address: string; trn: string | null };
  buyer: { name: string; address: string };
  lines: { lineId: string; title: string; quantity: number; unitPrice: number; lineTotal: number }[];
  /** Before VAT, the VAT (5%), and what the buyer pays; a credit note's are what it gives back. */
  subtotal: number;
  vat: number;
  total: number;
  /** A credit note's invoice: its number and date. */
  credits: { number: string; issuedAt: string } | null;
}

/** "INV-3F2A9C1B-000042": the series, the seller (their id's first eight characters), the number. */
export const documentNumber = (series: Series, sellerId: string, seq: number) =>
  `${series}-${sellerId.slice(0, 8).toUpperCase()}-${String(seq).padStart(6, '0')}`;

/** The address as one line, as the checkout took it. */
export const addressLine = (a: { street: string; area: string; emirate: string }) =>
  [a.street, a.area, a.emirate].filter(Boolean).join(', ');

export const parseDocument = (json: string) => JSON.parse(json) as InvoiceDocument;
