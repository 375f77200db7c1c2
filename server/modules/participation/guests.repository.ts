import type { Kysely } from 'kysely';
import type { Database, GuestRow } from '../../db/schema';

type Db = Kysely<Database>;

/** What a host writes about a guest. */
export interface GuestFields {
  first_name: string;
  last_name: string;
  age: number | null;
  email: string | null;
  phone: string | null;
}

export function findGuest(db: Db, id: number, eventUuid: string): Promise<GuestRow | undefined> {
  return db
    .selectFrom('guests')
    .selectAll()
    .where('id', '=', id)
    .where('event_uuid', '=', eventUuid)
    .executeTakeFirst();
}

/** One of this host's guests at the event, locked for its update. */
export function lockHostGuest(
  db: Db,
  id: number,
  eventUuid: string,
  hostId: string,
): Promise<GuestRow | undefined> {
  return db
    .selectFrom('guests')
    .selectAll()
    .where('id', '=', id)
    .where('event_uuid', '=', eventUuid)
    .where('host_id', '=', hostId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateGuest(db: Db, id: number, fields: GuestFields): Promise<GuestRow> {
  return db.updateTable('guests').set(fields).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function insertGuest(
  db: Db,
  eventUuid: string,
  hostId: string,
  fields: GuestFields,
  now: Date,
): Promise<GuestRow> {
  return db
    .insertInto('guests')
    .values({
      ...fields,
      event_uuid: eventUuid,
      host_id: hostId,
      created_at: now,
      checked_at: null,
      checked_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteGuest(db: Db, id: number): Promise<void> {
  await db.deleteFrom('guests').where('id', '=', id).execute();
}

export async function deleteGuestsOfHost(db: Db, eventUuid: string, hostId: string): Promise<void> {
  await db.deleteFrom('guests').where('event_uuid', '=', eventUuid).where('host_id', '=', hostId).execute();
}

export function listGuestsOfHost(db: Db, eventUuid: string, hostId: string): Promise<GuestRow[]> {
  return db
    .selectFrom('guests')
    .selectAll()
    .where('event_uuid', '=', eventUuid)
    .where('host_id', '=', hostId)
    .orderBy('id')
    .execute();
}

/** Erases guests' email, phone and age at events that ended before `endedBefore`; answers how many. */
export async function eraseGuestContacts(db: Db, endedBefore: Date): Promise<number> {
  const ended = db.selectFrom('events').select('uuid').where('end_date', '<', endedBefore);
  const result = await db
    .updateTable('guests')
    .set({ email: null, phone: null, age: null })
    .where('event_uuid', 'in', ended)
    .where((eb) =>
      eb.or([eb('email', 'is not', null), eb('phone', 'is not', null), eb('age', 'is not', null)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
