import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('model_uuid', 'uuid', (c) => c.notNull().references('event_models.uuid'))
    .addColumn('creator_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('street', 'varchar(100)')
    .addColumn('city', 'varchar(100)')
    .addColumn('zip_code', 'varchar(10)')
    .addColumn('location', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('max_subscribers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscriber_is_infinite', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_dates_check', sql`end_date > start_date`)
    .execute();
  await db.schema.createIndex('events_range_idx').on('events').columns(['start_date', 'end_date']).execute();

  await db.schema
    .createTable('event_stuffs')
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('stuff_uuid', 'uuid', (c) => c.notNull().references('stuffs.uuid').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_stuffs_pk', ['event_uuid', 'stuff_uuid'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stuff_uuid', 'uuid', (c) => c.references('stuffs.uuid').onDelete('set null'))
    .addColumn('may_pick_stuff', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_checked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('checked_at', 'timestamptz')
    .addColumn('checked_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('subscriptions_event_user_unique', ['event_uuid', 'user_id'])
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();
  await db.schema.createIndex('subscriptions_stuff_idx').on('subscriptions').column('stuff_uuid').execute();

  await db.schema
    .createTable('waiting_list')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wished_stuff_uuid', 'uuid', (c) => c.references('stuffs.uuid').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('waiting_list_event_user_unique', ['event_uuid', 'user_id'])
    .execute();

  await db.schema
    .createTable('guests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('host_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stuff_uuid', 'uuid', (c) => c.references('stuffs.uuid').onDelete('set null'))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('age', 'integer')
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('is_checked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('checked_at', 'timestamptz')
    .addColumn('checked_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guests_event_idx').on('guests').columns(['event_uuid', 'host_id']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_hash', 'char(64)', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'method', 'path', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'guests',
    'waiting_list',
    'subscriptions',
    'event_stuffs',
    'events',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
