import { type Kysely, sql } from 'kysely';
import type { Database, EventRow } from '../../db/schema';

type Db = Kysely<Database>;
// `sequence` is the database's own (a trigger raises it on every change a calendar shows).
type EventColumns = Omit<
  EventRow,
  | 'uuid'
  | 'creator_id'
  | 'created_at'
  | 'sequence'
  | 'uuid_series'
  | 'title'
  | 'notes'
  | 'meeting_point'
  | 'cancel_message'
>;
/**
 * The event's own words and meeting point (docs/rules.md#events): a field left out keeps its value, null clears
 * it.
 */
export type EventWords = Partial<Pick<EventRow, 'title' | 'notes' | 'meeting_point'>>;
/** The cancellation's word (docs/rules.md#events): left out keeps it, null clears it. */
type CancelWord = Partial<Pick<EventRow, 'cancel_message'>>;

/** The event row; with `lock`, held FOR UPDATE until the transaction ends (capacity and stock rules). */
export function findEvent(db: Db, uuid: string, lock = false): Promise<EventRow | undefined> {
  const query = db.selectFrom('events').selectAll().where('uuid', '=', uuid);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * The model's latest event that took place, else its latest cancelled one: a new event of the model starts
 * from it. A cancelled one is a worse guess than one that took place.
 */
export function findLatestEventOfModel(db: Db, modelUuid: string): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('model_uuid', '=', modelUuid)
    .orderBy('is_cancelled')
    .orderBy('start_date', 'desc')
    .orderBy('uuid')
    .limit(1)
    .executeTakeFirst();
}

export function listEventsBetween(db: Db, from: Date, to: Date): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('start_date', '<', to)
    .where('end_date', '>', from)
    .orderBy('start_date')
    .orderBy('uuid')
    .execute();
}

export async function insertEvent(
  db: Db,
  event: EventColumns &
    EventWords &
    Pick<EventRow, 'uuid' | 'creator_id'> &
    Partial<Pick<EventRow, 'uuid_series'>>,
): Promise<void> {
  await db.insertInto('events').values(event).execute();
}

export async function updateEvent(
  db: Db,
  uuid: string,
  columns: EventColumns & EventWords & CancelWord,
): Promise<void> {
  await db.updateTable('events').set(columns).where('uuid', '=', uuid).execute();
}

/** Subscriptions, waiting list, guests and offered stuff go with it (foreign keys cascade). */
export async function deleteEvent(db: Db, uuid: string): Promise<void> {
  await db.deleteFrom('events').where('uuid', '=', uuid).execute();
}

export async function eventStuffUuids(db: Db, eventUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('event_stuffs')
    .select('stuff_uuid')
    .where('event_uuid', '=', eventUuid)
    .execute();
  return rows.map((r) => r.stuff_uuid);
}

/** Which of these stuffs the event offers. */
export async function offeredAmong(
  db: Db,
  eventUuid: string,
  stuffUuids: readonly string[],
): Promise<string[]> {
  if (stuffUuids.length === 0) return [];
  const rows = await db
    .selectFrom('event_stuffs')
    .select('stuff_uuid')
    .where('event_uuid', '=', eventUuid)
    .where('stuff_uuid', 'in', [...stuffUuids])
    .execute();
  return rows.map((r) => r.stuff_uuid);
}

export async function isStuffOffered(db: Db, eventUuid: string, stuffUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('event_stuffs')
    .select('stuff_uuid')
    .where('event_uuid', '=', eventUuid)
    .where('stuff_uuid', '=', stuffUuid)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setEventStuffs(db: Db, eventUuid: string, stuffUuids: string[]): Promise<void> {
  await db.deleteFrom('event_stuffs').where('event_uuid', '=', eventUuid).execute();
  if (stuffUuids.length > 0) {
    await db
      .insertInto('event_stuffs')
      .values(stuffUuids.map((stuff_uuid) => ({ event_uuid: eventUuid, stuff_uuid })))
      .execute();
  }
}

/** Subscribers and their guests: what `subcribers_count` counts and capacity is checked against. */
export async function countParticipants(db: Db, eventUuid: string): Promise<number> {
  const count = (table: 'subscriptions' | 'guests') =>
    db
      .selectFrom(table)
      .select(sql<string>`count(*)`.as('n'))
      .where('event_uuid', '=', eventUuid)
      .executeTakeFirstOrThrow();
  const [subscribers, guests] = await Promise.all([count('subscriptions'), count('guests')]);
  return Number(subscribers.n) + Number(guests.n);
}
