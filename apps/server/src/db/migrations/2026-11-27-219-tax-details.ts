import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * A seller's tax details (issue 32, ADR 0042), kept in Settings: the legal name and address an
 * invoice names, and the 15-digit TRN of a seller registered for VAT (null: not registered, plain
 * invoices). Owned by profiles; orders copies them into each invoice as it is issued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seller_tax_details')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('legal_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('address', 'varchar(400)', (c) => c.notNull())
    .addColumn('trn', 'varchar(15)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seller_tax_details').execute();
}
