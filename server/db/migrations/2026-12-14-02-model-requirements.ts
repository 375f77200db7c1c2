import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// What a model asks of its subscribers' files (docs/rules.md#members-file): four yes/no requirements, all off
// by default (a model asks nothing), and whether an incomplete file warns (default) or blocks the subscribe.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('event_models')
    .addColumn('requires_licence', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('requires_health', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('requires_competition', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('requires_savoir_nager', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enforcement', 'varchar(5)', (c) =>
      c.notNull().defaultTo('warn').check(sql`enforcement in ('warn', 'block')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('event_models')
    .dropColumn('requires_licence')
    .dropColumn('requires_health')
    .dropColumn('requires_competition')
    .dropColumn('requires_savoir_nager')
    .dropColumn('enforcement')
    .execute();
}
