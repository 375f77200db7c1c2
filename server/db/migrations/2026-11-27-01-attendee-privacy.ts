import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Who's coming (docs/rules.md#events): a member may appear to other members as « Un membre »
// (users.hidden_from_members), and the club setting show_attendees decides whether members see the list at all. Both
// change what a week answer shows, so both move the data version (migration 2026-11-23-04): the week kept by a process
// is rebuilt, never served with a name its member has just hidden.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('hidden_from_members', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`drop trigger users_shown_data_version on users`.execute(db);
  await sql`create constraint trigger users_shown_data_version after update on users
    deferrable initially deferred for each row
    when ((old.username, old.first_name, old.last_name, old.hidden_from_members)
      is distinct from (new.username, new.first_name, new.last_name, new.hidden_from_members))
    execute function bump_data_version()`.execute(db);
  await sql`create constraint trigger app_settings_shown_data_version after insert or update or delete
    on app_settings deferrable initially deferred for each row
    execute function bump_data_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists app_settings_shown_data_version on app_settings`.execute(db);
  await sql`drop trigger users_shown_data_version on users`.execute(db);
  await sql`create constraint trigger users_shown_data_version after update on users
    deferrable initially deferred for each row
    when ((old.username, old.first_name, old.last_name) is distinct from (new.username, new.first_name, new.last_name))
    execute function bump_data_version()`.execute(db);
  await db.schema.alterTable('users').dropColumn('hidden_from_members').execute();
}
