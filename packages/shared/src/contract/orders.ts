import { z } from 'zod';
import { OrderSchema, QuoteAnswerSchema, SaleSchema } from '../api/catalog.js';
import { InvoiceRefSchema } from '../schemas/tax.js';
import { AddressSchema } from '../schemas/addresses.js';
import { CheckoutSchema, FulfilmentChangeSchema, QuoteSchema } from '../schemas/orders.js';
import { endpoint, idParams, idempotencyHeader } from './endpoint.js';

const tag = 'Orders';
const OrderIdParams = idParams("The order's id.");
const SaleIdParams = idParams("The sold line's id: `id` of one of my sales.");
const DocumentIdParams = idParams("The invoice's or credit note's id (`id` of an order's invoices).");

export const orders = {
  quote: endpoint({
    method: 'POST',
    path: '/api/orders/quote',
    summary: 'Price a cart (lines, VAT, total) as it stands now',
    description:
      "Prices a cart at the server's current prices: each line, the subtotal, 5% VAT and the total, in fils; the same product twice is one line. A product no longer for sale (gone, on auction or hidden by staff) is 409 `CONFLICT`, and one's own product is refused. Nothing is stored.",
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: QuoteSchema,
    responses: { 200: QuoteAnswerSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'CONFLICT'],
  }),
  place: endpoint({
    method: 'POST',
    path: '/api/orders',
    summary: 'Place an order (cash on delivery); the same key again answers the same order',
    description:
      "Places a cash-on-delivery order for the cart and delivery address at the server's current prices plus 5% VAT, issues its invoices (one per seller), starts each seller's ship-by deadline and emails the buyer a confirmation. The `Idempotency-Key` header makes a retry safe: the same key with the same cart and address answers the first order with 200, with another cart or address it is 422 `IDEMPOTENCY_KEY_REUSED`. A product no longer for sale is 409 `CONFLICT`.",
    tag,
    access: 'verified',
    headers: idempotencyHeader('places the order', true),
    body: CheckoutSchema,
    responses: { 201: OrderSchema, 200: OrderSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED'],
    example: {
      lines: [{ productId: '0195f2a4-8c1e-7d3b-9a6f-2b4c6d8e0f12', quantity: 1 }],
      address: { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12, Villa 4', phone: '0501234567' },
    },
  }),
  address: endpoint({
    method: 'POST',
    path: '/api/orders/:id/address',
    summary: "Give a won auction's order its delivery address",
    description:
      "The buyer gives the delivery address of an order waiting for it (won at auction, accepted as a second chance, or bought in a show) before its deadline. The order is then placed: its invoices are issued and its sellers' ship-by deadline starts. An order not waiting for an address, or already cancelled as unpaid, is 409 `CONFLICT`; answers the order.",
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: OrderIdParams,
    body: AddressSchema,
    responses: { 200: OrderSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/orders',
    summary: 'My orders',
    description:
      'My latest 50 orders, newest first, each with its lines (status, ship-by deadline and whether it is late, and the clip of a lot won in a show), delivery address, totals in fils, the deadline of a won order still waiting for its address, and its invoices.',
    tag,
    access: 'user',
    responses: { 200: z.array(OrderSchema) },
    errors: ['UNAUTHENTICATED'],
  }),
  sales: endpoint({
    method: 'GET',
    path: '/api/sales',
    summary: 'What others bought from me',
    description:
      "My latest 100 sold lines, newest orders first, each with its buyer, the order's delivery address and status, its own fulfilment status and ship-by deadline, for the seller to fulfil.",
    tag,
    access: 'user',
    responses: { 200: z.array(SaleSchema) },
    errors: ['UNAUTHENTICATED'],
  }),
  moveSale: endpoint({
    method: 'POST',
    path: '/api/sales/:id/status',
    summary: 'Move a sold line along (placed → confirmed → shipped → delivered, or cancelled)',
    description:
      'The seller moves one of their sold lines on: placed → confirmed → shipped → delivered, or cancelled before it ships (a cancel is credited on the invoice). `from` must be the status the seller saw, so a stale page is refused with 409 `CONFLICT`, as is a won order still waiting for its address. Answers the sale line.',
    tag,
    access: 'verified',
    openWhileSuspended: 'order',
    params: SaleIdParams,
    body: FulfilmentChangeSchema,
    responses: { 200: SaleSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  // Issue 32: every line, streamed a page at a time (ADR 0041).
  ordersCsv: endpoint({
    method: 'GET',
    path: '/api/me/orders.csv',
    summary: 'My orders as CSV, one row per line (UTF-8 with a BOM)',
    description:
      'All my orders as a CSV download, one row per line: order number, Gulf date and time, status, product, quantity, unit price, line total and VAT in AED, seller and emirate. Column headers are in my language; the file is streamed as it is read and never cached.',
    tag,
    access: 'user',
    responses: {},
    other: { 200: { description: 'The CSV file, as an attachment.', contentType: 'text/csv; charset=utf-8' } },
    errors: ['UNAUTHENTICATED'],
  }),
  salesCsv: endpoint({
    method: 'GET',
    path: '/api/me/sales.csv',
    summary: 'My sales as CSV, one row per line (UTF-8 with a BOM)',
    description:
      'All my sales as a CSV download, one row per line: order number, Gulf date and time, status, product, quantity, unit price, line total and VAT in AED, buyer and emirate. Column headers are in my language; the file is streamed as it is read and never cached.',
    tag,
    access: 'user',
    responses: {},
    other: { 200: { description: 'The CSV file, as an attachment.', contentType: 'text/csv; charset=utf-8' } },
    errors: ['UNAUTHENTICATED'],
  }),
  // Issue 32: an order's invoices and credit notes (ADR 0042).
  documents: endpoint({
    method: 'GET',
    path: '/api/orders/:id/invoices',
    summary: "An order's invoices and credit notes: the buyer sees every seller's, a seller their own",
    description:
      "The invoices and credit notes of an order, each with its number, kind, seller, issue time and total in fils: its buyer sees every seller's, a seller only their own, and anyone else gets 404.",
    tag,
    access: 'user',
    params: OrderIdParams,
    responses: { 200: z.array(InvoiceRefSchema) },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  documentPdf: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    summary: 'An invoice or credit note as a PDF (for its buyer and seller only)',
    description:
      'Downloads one invoice or credit note as a PDF, drawn from the document as it was issued, named by its number; for its buyer or its seller only (404 for anyone else), never cached.',
    tag,
    access: 'user',
    params: DocumentIdParams,
    responses: {},
    other: { 200: { description: 'The PDF, as an attachment named by its number.', contentType: 'application/pdf' } },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
};
