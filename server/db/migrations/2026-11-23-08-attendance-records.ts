import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Attendance records.
// - checklist_log: every checklist write the server accepts, appended, never updated nor deleted (only the
//   guest-data erasure blanks guest names). Names are copied at write time and ids carry no foreign key,
//   so the record outlives a deleted event, guest or account: it is what a federation or insurer asks for.
// - waiting_list_promotions: one row per member the fill step moves from the waiting list to the event,
//   kept even when that member later leaves, so the season report counts promotions as they happened.
// Neither table is shown by the week read, so neither moves the data version (2026-11-23-04).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('checklist_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_uuid', 'uuid', (c) => c.notNull())
    .addColumn('is_invited', 'boolean', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('guest_id', 'integer')
    .addColumn('participant_name', 'text', (c) => c.notNull())
    .addColumn('is_checked', 'boolean', (c) => c.notNull())
    .addColumn('checked_by', 'uuid', (c) => c.notNull())
    .addColumn('checked_by_name', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('is_ignored', 'boolean', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addCheckConstraint(
      'checklist_log_one_participant',
      sql`(is_invited and guest_id is not null and user_id is null) or (not is_invited and user_id is not null and guest_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex('checklist_log_event')
    .on('checklist_log')
    .columns(['event_uuid', 'id'])
    .execute();

  await db.schema
    .createTable('waiting_list_promotions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_uuid', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('promoted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waiting_list_promotions_event')
    .on('waiting_list_promotions')
    .column('event_uuid')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waiting_list_promotions').execute();
  await db.schema.dropTable('checklist_log').execute();
}
