import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// A waiting member whose file blocks a model's subscribe is passed over when a place frees, and told why once
// for that event (docs/rules.md#members-file): the time they were told, on their waiting-list entry.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waiting_list').addColumn('dossier_told_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waiting_list').dropColumn('dossier_told_at').execute();
}
