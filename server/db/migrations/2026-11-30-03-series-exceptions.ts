import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The club days a series skips (`yyyy-mm-dd`, joined by commas), kept with its rule so the series answer says what was
// asked; null when none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('event_series').addColumn('except_dates', 'text').execute();
}
