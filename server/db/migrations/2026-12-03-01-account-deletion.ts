import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Account deletion (docs/rules.md#members-in-and-out): a deleted account keeps its row, so the attendance records that
// point at it stay for the club's counts, but loses everything that says
// who it was; `deleted_at` is what read paths show as « Membre supprimé ». The audit row says who deleted
// whom and when, by ids only. A deletion changes what a week answer shows, so `deleted_at` moves the data
// version too (as in migration 2026-11-27-01).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();
  await sql`drop trigger users_shown_data_version on users`.execute(db);
  await sql`create constraint trigger users_shown_data_version after update on users
    deferrable initially deferred for each row
    when ((old.username, old.first_name, old.last_name, old.hidden_from_members, old.deleted_at)
      is distinct from (new.username, new.first_name, new.last_name, new.hidden_from_members, new.deleted_at))
    execute function bump_data_version()`.execute(db);
  await db.schema
    .createTable('account_audit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'uuid', (c) => c.notNull())
    .addColumn('target_id', 'uuid', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_audit_target').on('account_audit').column('target_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_audit').execute();
  await sql`drop trigger users_shown_data_version on users`.execute(db);
  await sql`create constraint trigger users_shown_data_version after update on users
    deferrable initially deferred for each row
    when ((old.username, old.first_name, old.last_name, old.hidden_from_members)
      is distinct from (new.username, new.first_name, new.last_name, new.hidden_from_members))
    execute function bump_data_version()`.execute(db);
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
