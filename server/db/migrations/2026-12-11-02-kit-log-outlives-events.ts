import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The kit's hand-out log outlives its event, as the checklist's log does (docs/rules.md#kit): deleting an event
// deletes its kit with it, but not the record of who handed what to whom. Its guests' names are blanked after
// 30 days by the guest-data erasure either way.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table kit_log drop constraint kit_log_event_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from kit_log where not exists (select 1 from events
    where events.club_id = kit_log.club_id and events.uuid = kit_log.event_uuid)`.execute(db);
  await sql`alter table kit_log add constraint kit_log_event_fkey foreign key (club_id, event_uuid)
    references events (club_id, uuid) on delete cascade`.execute(db);
}
