import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// One row per group email sent, kept an hour: the rolling count of group emails per event.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('group_mail_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('sender_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_mail_log_event_sent_idx')
    .on('group_mail_log')
    .columns(['event_uuid', 'sent_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('group_mail_log').execute();
}
