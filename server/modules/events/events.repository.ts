import { type Kysely, sql } from 'kysely';
import type { Database, EventRow } from '../../db/schema';

type Db = Kysely<Database>;

/** The event row; with `lock`, held FOR UPDATE until the transaction ends (capacity and stock rules). */
export function findEvent(db: Db, uuid: string, lock = false): Promise<EventRow | undefined> {
  const query = db.selectFrom('events').selectAll().where('uuid', '=', uuid);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Locks stuff rows in uuid order, so two transactions touching the same stuff never deadlock. */
export async function lockStuffs(db: Db, uuids: string[], lock: boolean): Promise<void> {
  if (!lock || uuids.length === 0) return;
  await db
    .selectFrom('stuffs')
    .select('uuid')
    .where('uuid', 'in', [...new Set(uuids)].sort())
    .orderBy('uuid')
    .forUpdate()
    .execute();
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

export async function eventStuffUuids(db: Db, eventUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('event_stuffs')
    .select('stuff_uuid')
    .where('event_uuid', '=', eventUuid)
    .execute();
  return rows.map((r) => r.stuff_uuid);
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

/**
 * People holding a stuff during [start, end): subscribers and guests of every non-cancelled event that
 * overlaps that time. Equipment is physical: one kayak cannot be on two outings at once.
 */
export async function countHolders(db: Db, stuffUuid: string, start: Date, end: Date): Promise<number> {
  const overlapping = (table: 'subscriptions' | 'guests') =>
    db
      .selectFrom(table)
      .innerJoin('events', 'events.uuid', `${table}.event_uuid`)
      .select(sql<string>`count(*)`.as('n'))
      .where(`${table}.stuff_uuid`, '=', stuffUuid)
      .where('events.is_cancelled', '=', false)
      .where('events.start_date', '<', end)
      .where('events.end_date', '>', start);
  const [subscribers, guests] = await Promise.all([
    overlapping('subscriptions').executeTakeFirstOrThrow(),
    overlapping('guests').executeTakeFirstOrThrow(),
  ]);
  return Number(subscribers.n) + Number(guests.n);
}

/** Upcoming events (not yet ended) that use a model or offer a stuff: these refuse its deletion. */
export async function isUsedByUpcomingEvent(
  db: Db,
  kind: 'model' | 'stuff',
  uuid: string,
  now: Date,
): Promise<boolean> {
  const row =
    kind === 'model'
      ? await db
          .selectFrom('events')
          .select('uuid')
          .where('model_uuid', '=', uuid)
          .where('end_date', '>', now)
          .executeTakeFirst()
      : await db
          .selectFrom('event_stuffs')
          .innerJoin('events', 'events.uuid', 'event_stuffs.event_uuid')
          .select('events.uuid')
          .where('event_stuffs.stuff_uuid', '=', uuid)
          .where('events.end_date', '>', now)
          .executeTakeFirst();
  return row !== undefined;
}
