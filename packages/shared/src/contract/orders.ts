import { z } from 'zod';
import { OrderSchema, QuoteAnswerSchema, SaleSchema } from '../api/catalog.js';
import { InvoiceRefSchema } from '../schemas/tax.js';
import { AddressSchema, CheckoutSchema, FulfilmentChangeSchema, QuoteSchema } from '../schemas/orders.js';
import { IdParams, endpoint } from './endpoint.js';

const tag = 'Orders';

export const orders = {
  quote: endpoint({
    method: 'POST',
    path: '/api/orders/quote',
    summary: 'Price a cart (lines, VAT, total) as it stands now',
    tag,
    access: 'user',
    body: QuoteSchema,
    responses: { 200: QuoteAnswerSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'CONFLICT'],
  }),
  place: endpoint({
    method: 'POST',
    path: '/api/orders',
    summary: 'Place an order (cash on delivery); the same key again answers the same order',
    tag,
    access: 'verified',
    body: CheckoutSchema,
    responses: { 201: OrderSchema, 200: OrderSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED'],
    example: {
      idempotencyKey: 'checkout-5f2c1a9e',
      lines: [{ productId: '0195f2a4-8c1e-7d3b-9a6f-2b4c6d8e0f12', quantity: 1 }],
      address: { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12, Villa 4', phone: '0501234567' },
    },
  }),
  address: endpoint({
    method: 'POST',
    path: '/api/orders/:id/address',
    summary: "Give a won auction's order its delivery address",
    tag,
    access: 'verified',
    params: IdParams,
    body: AddressSchema,
    responses: { 200: OrderSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/orders',
    summary: 'My orders',
    tag,
    access: 'user',
    responses: { 200: z.array(OrderSchema) },
    errors: ['UNAUTHENTICATED'],
  }),
  sales: endpoint({
    method: 'GET',
    path: '/api/sales',
    summary: 'What others bought from me',
    tag,
    access: 'user',
    responses: { 200: z.array(SaleSchema) },
    errors: ['UNAUTHENTICATED'],
  }),
  moveSale: endpoint({
    method: 'POST',
    path: '/api/sales/:id/status',
    summary: 'Move a sold line along (placed → confirmed → shipped → delivered, or cancelled)',
    tag,
    access: 'verified',
    params: IdParams,
    body: FulfilmentChangeSchema,
    responses: { 200: SaleSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  // Issue 32: every line, streamed a page at a time (ADR 0041).
  ordersCsv: endpoint({
    method: 'GET',
    path: '/api/me/orders.csv',
    summary: 'My orders as CSV, one row per line (UTF-8 with a BOM)',
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
    tag,
    access: 'user',
    params: IdParams,
    responses: { 200: z.array(InvoiceRefSchema) },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  documentPdf: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    summary: 'An invoice or credit note as a PDF (for its buyer and seller only)',
    tag,
    access: 'user',
    params: IdParams,
    responses: {},
    other: { 200: { description: 'The PDF, as an attachment named by its number.', contentType: 'application/pdf' } },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
};
