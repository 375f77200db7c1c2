import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The data version: one counter that every committed write to a table the week read shows moves by one, so a process
// may keep a week's answer and serve it again while the counter has not moved.
// Bumped by triggers, not by the application, so no write path can forget it: routes, jobs (purges,
// erasures), the command line and hand-typed SQL alike. The triggers are constraint triggers deferred to
// the commit: the bump is the last thing a write's transaction does, so the counter's row lock is held
// only from there to the commit, and the bump becomes visible exactly when the data it stands for does.
// A transaction bumps once however many rows it touched (bumped_in remembers which transaction did).
// users: only what a week shows (username, first and last name) moves it, not sign-in counters.
const TABLES = [
  'events',
  'event_models',
  'stuffs',
  'event_stuffs',
  'subscriptions',
  'guests',
  'waiting_list',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table data_version (
    id boolean primary key default true check (id),
    version bigint not null,
    bumped_in bigint
  )`.execute(db);
  await sql`insert into data_version (version) values (1)`.execute(db);
  await sql`create function bump_data_version() returns trigger language plpgsql as $$
    begin
      update data_version set version = version + 1, bumped_in = txid_current()
        where bumped_in is distinct from txid_current();
      return null;
    end
  $$`.execute(db);
  const trigger = async (table: string, name: string, events: string, when = '') =>
    sql
      .raw(
        `create constraint trigger ${name} after ${events} on ${table} deferrable initially deferred ` +
          `for each row ${when} execute function bump_data_version()`,
      )
      .execute(db);
  for (const table of TABLES) await trigger(table, `${table}_data_version`, 'insert or update or delete');
  await trigger('users', 'users_data_version', 'insert or delete');
  await trigger(
    'users',
    'users_shown_data_version',
    'update',
    'when ((old.username, old.first_name, old.last_name) is distinct from (new.username, new.first_name, new.last_name))',
  );
  // TRUNCATE fires no row trigger: a statement trigger (it cannot be deferred; truncate locks the table anyway).
  for (const table of [...TABLES, 'users'])
    await sql
      .raw(
        `create trigger ${table}_truncate_data_version after truncate on ${table} ` +
          'for each statement execute function bump_data_version()',
      )
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES, 'users']) {
    await sql.raw(`drop trigger if exists ${table}_truncate_data_version on ${table}`).execute(db);
    await sql.raw(`drop trigger if exists ${table}_data_version on ${table}`).execute(db);
  }
  await sql`drop trigger if exists users_shown_data_version on users`.execute(db);
  await sql`drop function bump_data_version()`.execute(db);
  await sql`drop table data_version`.execute(db);
}
