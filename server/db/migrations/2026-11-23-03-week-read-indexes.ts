import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Indexes for the week read. A week is `start_date < to and end_date > from`: the existing (start_date, end_date) index
// serves the first bound, which grows with the club's history; this one
// serves the second (events ending after the week starts: the few upcoming ones), so the planner can pick
// the narrower side. The holdings query reads guests by stuff, which had no index (subscriptions had one).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('events_end_start_idx')
    .on('events')
    .columns(['end_date', 'start_date'])
    .execute();
  await db.schema.createIndex('guests_stuff_idx').on('guests').column('stuff_uuid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('guests_stuff_idx').execute();
  await db.schema.dropIndex('events_end_start_idx').execute();
}
