import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The weekly event list. `weekly_list_runs` holds one row per club week whose list went out: the job inserts the week's
// row (insert … on conflict do nothing) in the same transaction that queues the
// messages, and queues nothing when the row was already there. The primary key makes that exactly once
// per week whatever the number of server processes or hand runs: a second inserter waits for the first's
// commit, then finds the row. No data-version trigger here: the week screens never show these rows.
// `mail_queue.body_html`: the HTML part of a message, for the messages that have one (the weekly list);
// the others stay plain text only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('weekly_list_runs')
    .addColumn('week_start', 'date', (c) => c.primaryKey())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('mail_queue').addColumn('body_html', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('body_html').execute();
  await db.schema.dropTable('weekly_list_runs').execute();
}
