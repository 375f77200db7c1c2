import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Several clubs (docs/rules.md#several-clubs): every club-owned row carries `club_id`, and the club leads every primary
// key, unique constraint, foreign key and index, so no key or reference can cross clubs (and each table can later be
// distributed on `club_id`). The rows already here move into club 1, the club an upgrade makes, which answers every
// host no other club claims: nothing changes for a deployment with one club. The new column's default is the
// transaction's club (`app.club`), so an insert never names its club and an insert outside a club fails. Row-level
// security, forced even on the owner, shows a transaction only its own club's rows. The application's role (made and
// granted by the application at start) neither owns the tables nor bypasses the policies.

/** Club-owned tables: all but the registry, the shared server secret, the sign-in decoy and Kysely's own. */
const CLUB_TABLES = [
  'users',
  'sessions',
  'app_settings',
  'account_tokens',
  'notification_preferences',
  'system_notification_settings',
  'mail_queue',
  'event_models',
  'stuffs',
  'event_series',
  'events',
  'event_stuffs',
  'subscriptions',
  'waiting_list',
  'guests',
  'idempotency_keys',
  'group_mail_log',
  'calendar_feed_tokens',
  'weekly_list_runs',
  'push_subscriptions',
  'push_queue',
  'checklist_log',
  'waiting_list_promotions',
  'subscription_notices',
  'event_reminders',
  'event_declines',
  'answer_links_used',
  'series_nudges',
  'news_posts',
  'event_co_organisers',
  'walk_ins',
  'account_audit',
  'data_version',
];

const CLUB_OF_TRANSACTION = `(nullif(current_setting('app.club', true), ''))::integer`;

interface KeyRow {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  ref_table: string | null;
  ref_columns: string[] | null;
  on_delete: string;
}

const ON_DELETE: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', d: 'set default' };

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table clubs (
    id serial primary key,
    name text not null,
    host text unique,
    key text not null unique,
    timezone text,
    disabled_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Club 1 takes its key, time zone and public address from the configuration, as before (null here).
  await sql`insert into clubs (name, key) values ('', '')`.execute(db);

  await sql`alter table data_version drop constraint data_version_pkey`.execute(db);
  await sql`alter table data_version drop column id`.execute(db);

  const keys = await readKeys(db);
  const foreign = keys.filter((k) => k.kind === 'f');
  for (const k of foreign) await sql.raw(`alter table ${k.table} drop constraint ${k.name}`).execute(db);
  for (const k of keys.filter((k) => k.kind !== 'f'))
    await sql.raw(`alter table ${k.table} drop constraint ${k.name}`).execute(db);

  for (const table of CLUB_TABLES) {
    await sql
      .raw(`alter table ${table} add column club_id integer not null default 1 references clubs (id)`)
      .execute(db);
    await sql.raw(`alter table ${table} alter column club_id set default ${CLUB_OF_TRANSACTION}`).execute(db);
  }
  await sql`alter table data_version add primary key (club_id)`.execute(db);

  for (const k of keys.filter((k) => k.kind !== 'f')) {
    const kind = k.kind === 'p' ? 'primary key' : 'unique';
    await sql
      .raw(`alter table ${k.table} add constraint ${k.name} ${kind} (club_id, ${k.columns.join(', ')})`)
      .execute(db);
  }
  for (const k of foreign) {
    // A reference that empties on delete empties only its own column: the row stays in its club.
    const onDelete = k.on_delete === 'n' ? `set null (${k.columns.join(', ')})` : ON_DELETE[k.on_delete];
    await sql
      .raw(
        `alter table ${k.table} add constraint ${k.name} foreign key (club_id, ${k.columns.join(', ')}) ` +
          `references ${k.ref_table} (club_id, ${(k.ref_columns ?? []).join(', ')}) on delete ${onDelete}`,
      )
      .execute(db);
  }
  await leadIndexesWithClub(db);
  await bumpPerClub(db);

  for (const table of CLUB_TABLES) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql
      .raw(
        `create policy ${table}_of_club on ${table} using (club_id = ${CLUB_OF_TRANSACTION}) ` +
          `with check (club_id = ${CLUB_OF_TRANSACTION})`,
      )
      .execute(db);
  }
}

async function readKeys(db: Kysely<any>): Promise<KeyRow[]> {
  const tables = sql.join(CLUB_TABLES.filter((t) => t !== 'data_version').map((t) => sql.lit(t)));
  const { rows } = await sql<KeyRow>`
    select c.conrelid::regclass::text as table, c.conname as name, c.contype as kind,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
      case when c.contype = 'f' then c.confrelid::regclass::text end as ref_table,
      case when c.contype = 'f' then array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) end as ref_columns,
      c.confdeltype as on_delete
    from pg_constraint c
    where c.connamespace = current_schema()::regnamespace and c.contype in ('p', 'u', 'f')
      and c.conrelid::regclass::text in (${tables})
    order by c.conrelid::regclass::text, c.conname`.execute(db);
  return rows;
}

/** The other indexes serve one club's reads: the club leads them too. */
async function leadIndexesWithClub(db: Kysely<any>): Promise<void> {
  const tables = sql.join(CLUB_TABLES.map((t) => sql.lit(t)));
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${tables})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname
        and c.connamespace = current_schema()::regnamespace)`.execute(db);
  for (const index of rows) {
    await sql.raw(`drop index ${index.name}`).execute(db);
    await sql.raw(index.definition.replace(/USING btree \(/, 'USING btree (club_id, ')).execute(db);
  }
}

/** One data version per club: a write moves only its own club's counter (truncate, every club's). */
async function bumpPerClub(db: Kysely<any>): Promise<void> {
  await sql`create or replace function bump_data_version() returns trigger language plpgsql as $$
    begin
      if tg_level = 'STATEMENT' then
        update data_version set version = version + 1, bumped_in = txid_current()
          where bumped_in is distinct from txid_current();
      else
        update data_version set version = version + 1, bumped_in = txid_current()
          where club_id = (case when tg_op = 'DELETE' then old.club_id else new.club_id end)
            and bumped_in is distinct from txid_current();
      end if;
      return null;
    end
  $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migration 2026-12-04-01 (clubs) is not reversible: restore a backup instead.');
}
