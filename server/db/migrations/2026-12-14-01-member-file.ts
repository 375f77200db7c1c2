import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The member's file (docs/rules.md#members-file): the licence per season, entered by an Admin, kept as a
// history (one row per member and season), and the health items from a closed list: dates and attestations
// only, never a questionnaire nor a diagnosis, no free text but the name of the guardian who signed a
// minor's questionnaire. Both club-owned, under the club's row-level security; erased with the account.
// A change moves the data version: the checklist shows each subscriber's file status.
const CLUB_OF_TRANSACTION = `(nullif(current_setting('app.club', true), ''))::integer`;
const CLUB_ID = `club_id integer not null default ${CLUB_OF_TRANSACTION} references clubs (id)`;

async function ownedByClub(db: Kysely<any>, table: string): Promise<void> {
  await sql.raw(`alter table ${table} enable row level security`).execute(db);
  await sql.raw(`alter table ${table} force row level security`).execute(db);
  await sql
    .raw(
      `create policy ${table}_of_club on ${table} using (club_id = ${CLUB_OF_TRANSACTION}) ` +
        `with check (club_id = ${CLUB_OF_TRANSACTION})`,
    )
    .execute(db);
}

async function movesDataVersion(db: Kysely<any>, table: string): Promise<void> {
  await sql
    .raw(
      `create constraint trigger ${table}_data_version after insert or update or delete on ${table} ` +
        'deferrable initially deferred for each row execute function bump_data_version()',
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_truncate_data_version after truncate on ${table} ` +
        'for each statement execute function bump_data_version()',
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create table licences (
      ${CLUB_ID},
      user_id uuid not null,
      season varchar(9) not null check (season ~ '^[0-9]{4}-[0-9]{4}$'),
      number varchar(40) not null,
      federation varchar(100) not null,
      type varchar(60) not null,
      recorded_at timestamptz not null,
      recorded_by uuid not null,
      constraint licences_pkey primary key (club_id, user_id, season),
      constraint licences_user_fkey foreign key (club_id, user_id)
        references users (club_id, id) on delete cascade
    )`)
    .execute(db);
  await sql`create index licences_by_number on licences (club_id, number)`.execute(db);
  await ownedByClub(db, 'licences');
  await movesDataVersion(db, 'licences');

  await sql
    .raw(`create table health_items (
      ${CLUB_ID},
      id bigserial not null,
      user_id uuid not null,
      kind varchar(30) not null
        check (kind in ('caci', 'qs_sport', 'minor_questionnaire', 'pps', 'savoir_nager')),
      day varchar(10) not null check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      competition boolean,
      all_no boolean,
      signed_by varchar(120),
      way varchar(20) check (way in ('attestation', 'test')),
      recorded_at timestamptz not null,
      recorded_by uuid not null,
      recorded_by_admin boolean not null,
      constraint health_items_pkey primary key (club_id, id),
      constraint health_items_user_fkey foreign key (club_id, user_id)
        references users (club_id, id) on delete cascade
    )`)
    .execute(db);
  await sql`create index health_items_by_user on health_items (club_id, user_id)`.execute(db);
  await ownedByClub(db, 'health_items');
  await movesDataVersion(db, 'health_items');
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table health_items`.execute(db);
  await sql`drop table licences`.execute(db);
}
