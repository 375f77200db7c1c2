import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Families (docs/rules.md#families): a member who had guardians is told once, on coming of age, that their guardians
// no longer act for them; this says when, so it is never twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('came_of_age_told_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('came_of_age_told_at').execute();
}
