import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The organiser's word told with a cancellation, kept on the event so the app shows why (docs/rules.md#events);
// null for an event that is not cancelled or was cancelled without a word. Not in the calendar's sequence
// trigger: the feed does not carry it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('cancel_message', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('cancel_message').execute();
}
