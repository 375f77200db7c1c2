import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Reminders (docs/rules.md#reminders): one row per member and event reminded. The sender inserts it in the transaction
// that queues the reminder, and sends nothing when it was already there, so
// a reminder goes once whatever the processes and restarts. Not shown by the week read: no data version.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_reminders')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_reminders_pk', ['user_id', 'event_uuid'])
    .execute();
}
