import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Training series (docs/rules.md#series): a rule (weekdays, every N weeks, until a club day or a count) and its
// sessions, each an ordinary event carrying `uuid_series`. Deleting a session leaves the series; deleting
// a series (nothing does yet) would leave its sessions as one-offs.
// The rule is not shown by the week read (a session's own row is), so event_series moves no data version;
// events.uuid_series is a column of events, whose trigger already moves it (2026-11-23-04). The calendar
// feed does not show it: it is not watched by the sequence trigger (2026-11-23-05).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_series')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('creator_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('interval_weeks', 'integer', (c) => c.notNull())
    .addColumn('until_day', 'text')
    .addColumn('session_count', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('uuid_series', 'uuid', (c) => c.references('event_series.uuid').onDelete('set null'))
    .execute();
  await db.schema.createIndex('events_series').on('events').columns(['uuid_series', 'start_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_series').execute();
  await db.schema.alterTable('events').dropColumn('uuid_series').execute();
  await db.schema.dropTable('event_series').execute();
}
