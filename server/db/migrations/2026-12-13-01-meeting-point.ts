import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Where members meet for an event (the shed, the slipway…), shown to members with the address and told in the
// reminder (docs/rules.md#events, docs/rules.md#reminders); null when none. Not in the calendar's sequence
// trigger: the feed does not carry it, as it does not carry the notes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('meeting_point', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('meeting_point').execute();
}
