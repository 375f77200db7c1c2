import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Declines and answer links (docs/rules.md#subscriptions, docs/rules.md#answer-links):
// - event_declines: a member's "not coming" for an event. It takes no place and is not in the week read
//   (only those who may take attendance see it), so it does not move the data version.
// - answer_links_used: the signature of each answer link that acted, so a link acts once. Its primary key
//   settles two clicks on the same link at once: one insert wins, the other finds the row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_declines')
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('declined_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_declines_pk', ['event_uuid', 'user_id'])
    .execute();
  await db.schema.createIndex('event_declines_user').on('event_declines').column('user_id').execute();
  await db.schema
    .createTable('answer_links_used')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
