import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Invoices and credit notes (issue 32, ADR 0042). `invoice_sequences` holds each seller's last
 * number per series ('INV', 'CN'): bumped by one conditional update in the transaction that issues
 * the document, so a rolled-back order uses no number and two checkouts cannot share one. Each
 * document keeps what it said when issued (`document`, JSON), so a later change to Settings or to
 * the order never changes it; the PDF is drawn from it on download.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_sequences')
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('series', 'varchar(8)', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('invoice_sequences_pk', ['seller_id', 'series'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('series', 'varchar(8)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(40)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id'))
    .addColumn('buyer_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    // A credit note's invoice; null on an invoice.
    .addColumn('credits_id', 'varchar(36)', (c) => c.references('invoices.id'))
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('vat', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_seller_series_seq', ['seller_id', 'series', 'seq'])
    .execute();
  await db.schema.createIndex('invoices_order').on('invoices').columns(['order_id', 'issued_at']).execute();
  await db.schema.createIndex('invoices_credits').on('invoices').column('credits_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_sequences').execute();
}
