import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Mail floods (docs/rules.md#mails).
// - mail_queue.priority: 0 for account mails (invitation, reset, lock), 1 for notifications; the worker
//   takes the lowest first, so a reset never waits behind queued notifications.
// - subscription_notices: one row per member and event whose subscription changed. A change moves the
//   row's state and sets when the notice is due; the notice is written to the mail queue only when due,
//   telling the final state, and not at all when that state is the one last told.
// Neither is shown by the week read, so neither moves the data version (2026-11-23-04).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_queue')
    .addColumn('priority', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.dropIndex('mail_queue_due_idx').execute();
  await db.schema
    .createIndex('mail_queue_due_idx')
    .on('mail_queue')
    .columns(['status', 'priority', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('subscription_notices')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('told_subscribed', 'boolean', (c) => c.notNull())
    .addColumn('is_subscribed', 'boolean', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz')
    .addColumn('last_sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('subscription_notices_pk', ['user_id', 'event_uuid'])
    .execute();
  await db.schema
    .createIndex('subscription_notices_due')
    .on('subscription_notices')
    .column('due_at')
    .execute();
}
