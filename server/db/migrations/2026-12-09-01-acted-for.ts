import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Families (docs/rules.md#families): the account audit also records each write a guardian made in a child's place
// (`acted_for`): what (`what`, the action's name) and, for an event, which one. Ids only, as for deletions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('account_audit')
    .addColumn('what', 'varchar(32)')
    .addColumn('event_uuid', 'uuid')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('account_audit').where('action', '=', 'acted_for').execute();
  await db.schema.alterTable('account_audit').dropColumn('what').dropColumn('event_uuid').execute();
}
