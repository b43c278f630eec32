import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Cash on delivery that a courier can deliver (issue 46): an address book, the order's address
 * with what finds the door (building, flat, landmark, a pin, a Makani number, the mobile in
 * E.164), each delivery attempt a seller records, and staff lifting a buyer's COD block.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter);
  const float = postgres ? 'double precision' : 'real';

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emirate', 'varchar(40)', (c) => c.notNull())
    .addColumn('area', 'varchar(100)', (c) => c.notNull())
    .addColumn('street', 'varchar(200)', (c) => c.notNull())
    .addColumn('building', 'varchar(100)', (c) => c.notNull())
    .addColumn('flat', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('landmark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('phone_e164', 'varchar(16)', (c) => c.notNull())
    .addColumn('latitude', float)
    .addColumn('longitude', float)
    .addColumn('makani', 'varchar(10)')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'created_at']).execute();

  for (const [column, type] of [
    ['building', 'varchar(100)'],
    ['flat', 'varchar(20)'],
    ['landmark', 'varchar(200)'],
  ] as const)
    await db.schema
      .alterTable('orders')
      .addColumn(column, type, (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema.alterTable('orders').addColumn('phone_e164', 'varchar(16)').execute();
  await db.schema.alterTable('orders').addColumn('latitude', float).execute();
  await db.schema.alterTable('orders').addColumn('longitude', float).execute();
  await db.schema.alterTable('orders').addColumn('makani', 'varchar(10)').execute();

  await db.schema
    .createTable('delivery_attempts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('line_id', 'varchar(36)', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('buyer_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('replied_at', 'varchar(32)')
    .addColumn('reply_note', 'varchar(500)')
    .addColumn('address_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disputed_at', 'varchar(32)')
    .addColumn('dispute_note', 'varchar(500)')
    // 'stands' or 'withdrawn': staff's word on a disputed refusal.
    .addColumn('decision', 'varchar(20)')
    .addColumn('decided_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('delivery_attempts_line')
    .on('delivery_attempts')
    .columns(['line_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('delivery_attempts_buyer')
    .on('delivery_attempts')
    .columns(['buyer_id', 'outcome', 'created_at'])
    .execute();
  await db.schema
    .createIndex('delivery_attempts_seller')
    .on('delivery_attempts')
    .columns(['seller_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('cod_block_lifts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('buyer_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('staff_id', 'varchar(36)')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('lifted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cod_block_lifts_buyer')
    .on('cod_block_lifts')
    .columns(['buyer_id', 'lifted_at'])
    .execute();

  // PostgreSQL: new tables tell every instance of their commits, as the others do (migration 232, ADR 0050).
  if (postgres)
    for (const table of ['addresses', 'delivery_attempts', 'cod_block_lifts']) {
      await sql`create trigger souq_row_changed after insert or update or delete on ${sql.table(table)}
        for each row execute function souq_data_changed()`.execute(db);
      await sql`create trigger souq_table_truncated after truncate on ${sql.table(table)}
        for each statement execute function souq_data_changed()`.execute(db);
    }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cod_block_lifts').execute();
  await db.schema.dropTable('delivery_attempts').execute();
  for (const column of ['building', 'flat', 'landmark', 'phone_e164', 'latitude', 'longitude', 'makani'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.dropTable('addresses').execute();
}
