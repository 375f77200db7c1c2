import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Families (docs/rules.md#families): a member may have a birth date (`yyyy-mm-dd`, kept as text: drivers differ on
// dates) and guardians. A child without a login has no email, so `email` becomes optional; it stays unique per club
// where set. A guardianship links a guardian to a child in the same club; `is_restricted` is an Admin's (a court
// order); `created_by` says who linked them, for the Admins. Club-owned, under the club's row-level security.
const CLUB_OF_TRANSACTION = `(nullif(current_setting('app.club', true), ''))::integer`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column birth_date varchar(10)
    check (birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`.execute(db);
  await sql`alter table users alter column email drop not null`.execute(db);
  await sql
    .raw(`create table guardianships (
      club_id integer not null default ${CLUB_OF_TRANSACTION} references clubs (id),
      child_id uuid not null,
      guardian_id uuid not null,
      is_restricted boolean not null default false,
      created_by uuid,
      created_at timestamptz not null,
      constraint guardianships_pkey primary key (club_id, child_id, guardian_id),
      constraint guardianships_child_fkey foreign key (club_id, child_id)
        references users (club_id, id) on delete cascade,
      constraint guardianships_guardian_fkey foreign key (club_id, guardian_id)
        references users (club_id, id) on delete cascade,
      constraint guardianships_not_self check (child_id <> guardian_id)
    )`)
    .execute(db);
  await sql`create index guardianships_guardian on guardianships (club_id, guardian_id)`.execute(db);
  await sql`alter table guardianships enable row level security`.execute(db);
  await sql`alter table guardianships force row level security`.execute(db);
  await sql
    .raw(
      `create policy guardianships_of_club on guardianships using (club_id = ${CLUB_OF_TRANSACTION}) ` +
        `with check (club_id = ${CLUB_OF_TRANSACTION})`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table guardianships`.execute(db);
  await sql`delete from users where email is null`.execute(db);
  await sql`alter table users alter column email set not null`.execute(db);
  await sql`alter table users drop column birth_date`.execute(db);
}
