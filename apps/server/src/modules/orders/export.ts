import type { Kysely } from 'kysely';
import { vatOfNextPart, type Locale } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import { CSV_BOM, aedDecimal, csvNumber, csvRow, csvText } from '../../lib/csv.js';
import { gulfDateTime } from '../../lib/gulf-time.js';
import { exportPage, type ExportCursor, type ExportRow, type ExportSide } from './export-queries.js';

/** Rows read per query: small enough to hold, large enough that 10,000 orders take 20 queries. */
export const EXPORT_PAGE_ROWS = 500;

/** The header row in the person's language; the data stays as stored (codes, English emirates). */
const HEADERS: Record<Locale, (side: ExportSide) => string[]> = {
  en: (side) => [
    'Order',
    'Date (Gulf time)',
    'Status',
    'Product',
    'Quantity',
    'Unit price (AED)',
    'Line total (AED)',
    'VAT (AED)',
    side === 'buyer' ? 'Seller' : 'Buyer',
    'Emirate',
  ],
  ar: (side) => [
    'الطلب',
    'التاريخ (بتوقيت الخليج)',
    'الحالة',
    'المنتج',
    'الكمية',
    'سعر الوحدة (د.إ)',
    'الإجمالي (د.إ)',
    'ضريبة القيمة المضافة (د.إ)',
    side === 'buyer' ? 'البائع' : 'المشتري',
    'الإمارة',
  ],
};

/** The order number as the pages show it: the id's first eight characters, in capitals. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/**
 * A line's status: its seller's fulfilment status once the order is placed; before that (a won
 * order waiting for an address) or after (cancelled as unpaid) the order's own status says more.
 */
const statusOf = (row: ExportRow) => (row.order_status === 'placed' ? row.line_status : row.order_status);

/**
 * Each line's share of its invoice's VAT (an order has one invoice per seller), apportioned as
 * credit notes are, in the order the file lists an order's lines: so the lines of an invoice add
 * up to its VAT, and to what My Orders charged, to the fils. The running sums outlive a page,
 * since an order's lines may straddle two.
 */
function invoiceVatShares() {
  let orderId: string | null = null;
  const soFar = new Map<string, { subtotal: number; vat: number }>();
  return (row: ExportRow): number => {
    if (row.order_id !== orderId) {
      orderId = row.order_id;
      soFar.clear();
    }
    const before = soFar.get(row.seller_id) ?? { subtotal: 0, vat: 0 };
    const vat = vatOfNextPart(before, row.line_total);
    soFar.set(row.seller_id, { subtotal: before.subtotal + row.line_total, vat: before.vat + vat });
    return vat;
  };
}

function rowOf(row: ExportRow, vat: number): string {
  return csvRow([
    csvText(orderNumber(row.order_id)),
    csvText(gulfDateTime(row.created_at)),
    csvText(statusOf(row)),
    csvText(row.title),
    csvNumber(row.quantity),
    csvNumber(aedDecimal(row.unit_price)),
    csvNumber(aedDecimal(row.line_total)),
    csvNumber(aedDecimal(vat)),
    csvText(row.party_username),
    csvText(row.emirate),
  ]);
}

/**
 * The CSV file of a person's orders (side 'buyer') or sales (side 'seller'), as text chunks: the
 * BOM and header, then one chunk per page. Only the person's own lines are read: the query is
 * bound to their id.
 */
export async function* exportCsv(
  db: Kysely<DB>,
  side: ExportSide,
  personId: string,
  locale: Locale,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(HEADERS[locale](side).map(csvText));
  const vatOf = invoiceVatShares();
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await exportPage(db, side, personId, after, pageRows);
    if (rows.length > 0) yield rows.map((row) => rowOf(row, vatOf(row))).join('');
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, orderId: last.order_id, position: last.position };
  }
}
