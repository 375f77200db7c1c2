import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Kit: several items per booking (docs/rules.md#kit).
// - stuffs.kind: what the kit dialog groups by (« Bateaux », « Pagaies »…), optional.
// - booked_stuffs: the items a subscription or a guest holds, in the order chosen, with whether each was handed out
//   and returned at the venue (newest write wins, as the ticks). One row per holder and item.
// - wished_stuffs: the items a waiting-list entry wishes for, booked at promotion where still there.
// - kit_log: every hand-out write the server accepted, appended and never changed, as checklist_log for ticks.
// Each existing subscription's, guest's and waiting entry's one stuff becomes one item row, then the old columns go.
// All club-owned, under the club's row-level security; the week read's data version moves with the items.
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

/**
 * The week read shows the kit: a change to it moves the data version, deferred to the commit like the others.
 * `shownOnUpdate`, when given, is the condition under which an update changes what the week shows.
 */
async function movesDataVersion(db: Kysely<any>, table: string, shownOnUpdate?: string): Promise<void> {
  const trigger = (name: string, events: string, when: string) =>
    sql
      .raw(
        `create constraint trigger ${name} after ${events} on ${table} ` +
          `deferrable initially deferred for each row ${when} execute function bump_data_version()`,
      )
      .execute(db);
  if (shownOnUpdate) {
    await trigger(`${table}_data_version`, 'insert or delete', '');
    await trigger(`${table}_shown_data_version`, 'update', `when (${shownOnUpdate})`);
  } else await trigger(`${table}_data_version`, 'insert or update or delete', '');
  await sql
    .raw(
      `create trigger ${table}_truncate_data_version after truncate on ${table} ` +
        'for each statement execute function bump_data_version()',
    )
    .execute(db);
}

const MOVED = ['subscriptions', 'guests', 'waiting_list', 'booked_stuffs', 'wished_stuffs'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stuffs add column kind varchar(40)`.execute(db);

  await sql
    .raw(`create table booked_stuffs (
      ${CLUB_ID},
      id bigserial not null,
      event_uuid uuid not null,
      subscription_uuid uuid,
      guest_id integer,
      stuff_uuid uuid not null,
      position smallint not null,
      handed_out boolean not null default false,
      returned boolean not null default false,
      changed_at timestamptz,
      changed_by uuid,
      constraint booked_stuffs_pkey primary key (club_id, id),
      constraint booked_stuffs_one_holder check (num_nonnulls(subscription_uuid, guest_id) = 1),
      constraint booked_stuffs_subscription_item unique (club_id, subscription_uuid, stuff_uuid),
      constraint booked_stuffs_guest_item unique (club_id, guest_id, stuff_uuid),
      constraint booked_stuffs_event_fkey foreign key (club_id, event_uuid)
        references events (club_id, uuid) on delete cascade,
      constraint booked_stuffs_subscription_fkey foreign key (club_id, subscription_uuid)
        references subscriptions (club_id, uuid) on delete cascade,
      constraint booked_stuffs_guest_fkey foreign key (club_id, guest_id)
        references guests (club_id, id) on delete cascade,
      constraint booked_stuffs_stuff_fkey foreign key (club_id, stuff_uuid)
        references stuffs (club_id, uuid) on delete cascade
    )`)
    .execute(db);
  // Holders of a stuff across overlapping events (the stock check), and an event's kit (the week read).
  await sql`create index booked_stuffs_by_stuff on booked_stuffs (club_id, stuff_uuid)`.execute(db);
  await sql`create index booked_stuffs_by_event on booked_stuffs (club_id, event_uuid)`.execute(db);
  await ownedByClub(db, 'booked_stuffs');

  await sql
    .raw(`create table wished_stuffs (
      ${CLUB_ID},
      waiting_seq bigint not null,
      stuff_uuid uuid not null,
      position smallint not null,
      constraint wished_stuffs_pkey primary key (club_id, waiting_seq, stuff_uuid),
      constraint wished_stuffs_waiting_fkey foreign key (club_id, waiting_seq)
        references waiting_list (club_id, seq) on delete cascade,
      constraint wished_stuffs_stuff_fkey foreign key (club_id, stuff_uuid)
        references stuffs (club_id, uuid) on delete cascade
    )`)
    .execute(db);
  await sql`create index wished_stuffs_by_stuff on wished_stuffs (club_id, stuff_uuid)`.execute(db);
  await ownedByClub(db, 'wished_stuffs');

  await sql
    .raw(`create table kit_log (
      ${CLUB_ID},
      id bigserial not null,
      event_uuid uuid not null,
      is_invited boolean not null,
      user_id uuid,
      guest_id integer,
      participant_name text not null,
      stuff_uuid uuid,
      stuff_name text not null,
      handed_out boolean not null,
      returned boolean not null,
      checked_by uuid not null,
      checked_by_name text not null,
      checked_at timestamptz not null,
      received_at timestamptz not null,
      is_ignored boolean not null,
      idempotency_key text,
      constraint kit_log_pkey primary key (club_id, id),
      constraint kit_log_event_fkey foreign key (club_id, event_uuid)
        references events (club_id, uuid) on delete cascade
    )`)
    .execute(db);
  await sql`create index kit_log_by_event on kit_log (club_id, event_uuid, received_at)`.execute(db);
  await ownedByClub(db, 'kit_log');

  // The copy runs as the tables' owner, whom forced row-level security would otherwise hold to no club at all.
  for (const table of MOVED) await sql.raw(`alter table ${table} no force row level security`).execute(db);
  await sql`insert into booked_stuffs (club_id, event_uuid, subscription_uuid, stuff_uuid, position)
    select club_id, event_uuid, uuid, stuff_uuid, 0 from subscriptions where stuff_uuid is not null`.execute(
    db,
  );
  await sql`insert into booked_stuffs (club_id, event_uuid, guest_id, stuff_uuid, position)
    select club_id, event_uuid, id, stuff_uuid, 0 from guests where stuff_uuid is not null`.execute(db);
  await sql`insert into wished_stuffs (club_id, waiting_seq, stuff_uuid, position)
    select club_id, seq, wished_stuff_uuid, 0 from waiting_list where wished_stuff_uuid is not null`.execute(
    db,
  );
  for (const table of MOVED) await sql.raw(`alter table ${table} force row level security`).execute(db);
  // After the copy: a table with pending trigger events cannot be altered in the same transaction.
  // Handing out changes no one's week: only the items themselves move the data version.
  await movesDataVersion(
    db,
    'booked_stuffs',
    '(old.stuff_uuid, old.position) is distinct from (new.stuff_uuid, new.position)',
  );
  await movesDataVersion(db, 'wished_stuffs');

  await sql`alter table subscriptions drop column stuff_uuid`.execute(db);
  await sql`alter table guests drop column stuff_uuid`.execute(db);
  await sql`alter table waiting_list drop column wished_stuff_uuid`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migration 2026-12-11-01 (kit) is not reversible: restore a backup instead.');
}
