import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Talking around an event (docs/rules.md#talking-around-an-event):
// - event_comments: the thread under each event, plain text. A comment goes with its event; it outlives its
//   author's account deletion (the account row stays, marked deleted) and loses only its author if the row goes.
// - comment_mail_notices: per member and event, the comments not yet told by mail and when that mail is due
//   (at most one an hour per member and event).
// - organiser_digest_changes: per event and member, a subscription change the organisers have not been told
//   yet, from the state before the first change to the latest one; read and emptied by the 07:00 digest.
// - organiser_digest_runs: one row per club day the digest ran, so it runs once whoever runs it.
// All club-owned, under the club's row-level security.
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

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create table event_comments (
      ${CLUB_ID},
      id uuid not null,
      event_uuid uuid not null,
      author_id uuid,
      acting_for uuid,
      text text not null,
      created_at timestamptz not null,
      edited_at timestamptz,
      constraint event_comments_pkey primary key (club_id, id),
      constraint event_comments_event_fkey foreign key (club_id, event_uuid)
        references events (club_id, uuid) on delete cascade,
      constraint event_comments_author_fkey foreign key (club_id, author_id)
        references users (club_id, id) on delete set null (author_id),
      constraint event_comments_acting_for_fkey foreign key (club_id, acting_for)
        references users (club_id, id) on delete set null (acting_for)
    )`)
    .execute(db);
  await sql`create index event_comments_thread on event_comments (club_id, event_uuid, created_at)`.execute(
    db,
  );
  await sql`create index event_comments_by_author on event_comments (club_id, author_id, created_at)`.execute(
    db,
  );
  await ownedByClub(db, 'event_comments');

  await sql
    .raw(`create table comment_mail_notices (
      ${CLUB_ID},
      user_id uuid not null,
      event_uuid uuid not null,
      untold_since timestamptz,
      due_at timestamptz,
      last_sent_at timestamptz,
      constraint comment_mail_notices_pkey primary key (club_id, user_id, event_uuid),
      constraint comment_mail_notices_user_fkey foreign key (club_id, user_id)
        references users (club_id, id) on delete cascade,
      constraint comment_mail_notices_event_fkey foreign key (club_id, event_uuid)
        references events (club_id, uuid) on delete cascade
    )`)
    .execute(db);
  await sql`create index comment_mail_notices_due on comment_mail_notices (club_id, due_at)`.execute(db);
  await ownedByClub(db, 'comment_mail_notices');

  await sql
    .raw(`create table organiser_digest_changes (
      ${CLUB_ID},
      event_uuid uuid not null,
      user_id uuid not null,
      state_before varchar(10) not null check (state_before in ('none', 'subscribed', 'waiting')),
      state_after varchar(10) not null check (state_after in ('none', 'subscribed', 'waiting')),
      changed_at timestamptz not null,
      constraint organiser_digest_changes_pkey primary key (club_id, event_uuid, user_id),
      constraint organiser_digest_changes_user_fkey foreign key (club_id, user_id)
        references users (club_id, id) on delete cascade,
      constraint organiser_digest_changes_event_fkey foreign key (club_id, event_uuid)
        references events (club_id, uuid) on delete cascade
    )`)
    .execute(db);
  await ownedByClub(db, 'organiser_digest_changes');

  await sql
    .raw(`create table organiser_digest_runs (
      ${CLUB_ID},
      club_day varchar(10) not null,
      ran_at timestamptz not null,
      constraint organiser_digest_runs_pkey primary key (club_id, club_day)
    )`)
    .execute(db);
  await ownedByClub(db, 'organiser_digest_runs');
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'organiser_digest_runs',
    'organiser_digest_changes',
    'comment_mail_notices',
    'event_comments',
  ]) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
