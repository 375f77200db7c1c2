import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/**
 * The role the application works as: it neither owns the tables nor is a superuser, so the row-level security policies
 * bind it (a superuser bypasses them even when they are forced). Migrations
 * run as the owner first; then this makes the role if the cluster lacks it, grants it the data (never the
 * DDL, never TRUNCATE, which ignores the policies, never a write to the club registry) and lets the
 * owner switch to it with SET ROLE.
 */
export const APP_ROLE = 'equipee_app';

// biome-ignore lint/suspicious/noExplicitAny: runs on whatever schema the migrations made.
export async function grantAppRole(db: Kysely<any>): Promise<void> {
  // Roles are cluster-wide: two processes (test files) may race to make it, and either winning is fine.
  await sql
    .raw(`do $$ begin
      if not exists (select from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} nologin; end if;
    exception when duplicate_object or unique_violation then null;
    end $$`)
    .execute(db);
  await sql
    .raw(`do $$ begin
      if not pg_has_role(current_user, '${APP_ROLE}', 'member') then
        execute format('grant ${APP_ROLE} to %I', current_user);
      end if;
      execute format('grant usage on schema %I to ${APP_ROLE}', current_schema());
      execute format('grant select, insert, update, delete on all tables in schema %I to ${APP_ROLE}', current_schema());
      execute format('grant usage, select on all sequences in schema %I to ${APP_ROLE}', current_schema());
      execute format('revoke all on kysely_migration, kysely_migration_lock from ${APP_ROLE}');
      execute format('revoke insert, update, delete on clubs from ${APP_ROLE}');
    end $$`)
    .execute(db);
}

export const SET_APP_ROLE = `set role ${APP_ROLE}`;

/**
 * Runs `work` on one connection switched back to the session's own role (the tables' owner), then returns
 * it to the application's role: for the registry writes of the demo's extra clubs on PGlite's one
 * connection (the command line opens as the owner instead).
 */
export function withOwner<T>(
  db: Kysely<Database>,
  work: (owner: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`reset role`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql.raw(SET_APP_ROLE).execute(connection);
    }
  });
}

/** Switches the rest of the transaction to the application's role, under the club's policies. */
export async function setLocalAppRole(db: Kysely<Database>): Promise<void> {
  await sql.raw(`set local role ${APP_ROLE}`).execute(db);
}
