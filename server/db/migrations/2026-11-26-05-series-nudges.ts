import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Series nudges (docs/rules.md#reminders): one row per member and session nudged, taken in the transaction that queues
// the nudge, so a nudge goes once whatever the processes and restarts (as event_reminders does).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('series_nudges')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('series_nudges_pk', ['user_id', 'event_uuid'])
    .execute();
}
