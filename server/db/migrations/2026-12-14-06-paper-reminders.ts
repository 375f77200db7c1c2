import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Reminders before a paper of the member's file ends (docs/rules.md#members-file): one row per reminder sent,
// keyed by the member, the paper (`licence`, a health kind, or `renewal` at the season start), the paper's last
// day and the threshold (30, 14 or 7 days; 0 for the season start), so each goes once, and a newer paper (a
// later last day) leaves the old one's remaining reminders unsent. Club-owned, under the club's row-level
// security; erased with the account.
const CLUB_OF_TRANSACTION = `(nullif(current_setting('app.club', true), ''))::integer`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create table paper_reminders (
      club_id integer not null default ${CLUB_OF_TRANSACTION} references clubs (id),
      user_id uuid not null,
      item varchar(30) not null
        check (item in ('licence', 'renewal', 'caci', 'qs_sport', 'minor_questionnaire', 'pps')),
      ends_on varchar(10) not null check (ends_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      threshold smallint not null check (threshold in (0, 7, 14, 30)),
      sent_at timestamptz not null,
      constraint paper_reminders_pkey primary key (club_id, user_id, item, ends_on, threshold),
      constraint paper_reminders_user_fkey foreign key (club_id, user_id)
        references users (club_id, id) on delete cascade
    )`)
    .execute(db);
  await sql.raw('alter table paper_reminders enable row level security').execute(db);
  await sql.raw('alter table paper_reminders force row level security').execute(db);
  await sql
    .raw(
      `create policy paper_reminders_of_club on paper_reminders using (club_id = ${CLUB_OF_TRANSACTION}) ` +
        `with check (club_id = ${CLUB_OF_TRANSACTION})`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table paper_reminders`.execute(db);
}
