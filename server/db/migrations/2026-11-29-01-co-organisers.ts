import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Co-organisers: who else may take an event's attendance. Gone with the event, or with the account. The week read shows
// them (`co_organisers`), so a change moves the data version like the event's other tables.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_co_organisers')
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_co_organisers_pk', ['event_uuid', 'user_id'])
    .execute();
  await sql`create constraint trigger event_co_organisers_data_version
    after insert or update or delete on event_co_organisers deferrable initially deferred
    for each row execute function bump_data_version()`.execute(db);
}
