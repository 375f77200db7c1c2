import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Families (docs/rules.md#families): a child's guardians give or withdraw consents per season (practice,
// transport by a volunteer, emergency care, photos, and the child's own agreement to photos). One row per child,
// season and kind, with who answered and when; `given_by` is kept as an id only, so it outlives that account.
// Club-owned, under the club's row-level security.
const CLUB_OF_TRANSACTION = `(nullif(current_setting('app.club', true), ''))::integer`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create table consents (
      club_id integer not null default ${CLUB_OF_TRANSACTION} references clubs (id),
      child_id uuid not null,
      season varchar(9) not null check (season ~ '^[0-9]{4}-[0-9]{4}$'),
      kind varchar(20) not null
        check (kind in ('practice', 'transport', 'emergency_care', 'photo', 'photo_child_agrees')),
      given boolean not null,
      given_by uuid not null,
      given_at timestamptz not null,
      constraint consents_pkey primary key (club_id, child_id, season, kind),
      constraint consents_child_fkey foreign key (club_id, child_id)
        references users (club_id, id) on delete cascade
    )`)
    .execute(db);
  await sql`alter table consents enable row level security`.execute(db);
  await sql`alter table consents force row level security`.execute(db);
  await sql
    .raw(
      `create policy consents_of_club on consents using (club_id = ${CLUB_OF_TRANSACTION}) ` +
        `with check (club_id = ${CLUB_OF_TRANSACTION})`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table consents`.execute(db);
}
