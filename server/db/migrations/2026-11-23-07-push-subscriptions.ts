import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Web push: one row per device a member turned notifications on from (the browser's push subscription: its endpoint,
// unique, and the keys the payload is encrypted for), and a queue of pushes
// to send, filled in the action's transaction and emptied after the commit by the push worker, like mail.
// A queued push belongs to one subscription: when the push service says the subscription is gone
// (404/410), deleting the subscription deletes what was still queued for it. Sent or dropped pushes are
// deleted: unlike mail, nobody reads a log of them.
// Neither table is shown by the week read, so neither moves the data version (2026-11-23-04).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('push_queue')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('subscription_id', 'uuid', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('urgency', 'varchar(8)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_queue_due').on('push_queue').column('next_attempt_at').execute();
  await db.schema.createIndex('push_queue_subscription').on('push_queue').column('subscription_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_queue').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
