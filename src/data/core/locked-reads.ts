/**
 * Reads from the server into the cache (the sync engine's, sync-engine.ts), each under the drain's lock.
 */
import { eventSchema } from '@common/contract/event';
import { eventsRangePath } from '@common/contract/start-paths';
import { z } from '@common/contract/zod';
import { clubDayStart, shiftDay, weekStart } from '@common/rules/club-time';
import { apiConditionalGet, apiRequest } from './api-client';
import type { EquipeeDb } from './db';
import { withDrainLock } from './drain-lock';
import { putServerEvents } from './server-events';
import { keepVenueFacts } from './venue-facts';

/**
 * Reads from the server take the drain's lock too, so a delivery never happens between a GET and the store
 * of its answer: otherwise a copy read just before a write was delivered would be stored just after, and
 * the write (no longer pending, so no longer laid over) would vanish from the screen until the next read.
 * This one: one event from the server into the cache, with the user's pending writes laid over it.
 */
export function fetchEventInto(db: EquipeeDb, uuid: string): Promise<void> {
  return withDrainLock(async () => {
    const event = await apiRequest('GET', `/api/event/${uuid}`, { schema: eventSchema });
    await putServerEvents(db, [event]);
    await keepVenueFacts(db, event);
  });
}

/**
 * The events of club days from..to as the server lists them; those it no longer lists were deleted.
 * With `etag` (the tag of the answer this cache last stored for the range) the read is conditional: a 304
 * means the cache already holds the server's answer, and nothing is written. Answers the new tag, or
 * `etag` itself when nothing changed.
 */
export function storeRange(
  db: EquipeeDb,
  from: string,
  to: string,
  timeZone: string,
  etag: string | undefined,
): Promise<string | undefined> {
  return withDrainLock(async () => {
    const answer = await apiConditionalGet(eventsRangePath(from, to), z.array(eventSchema), etag);
    if (answer.isNotModified) return etag;
    const events = answer.data;
    const rangeStart = clubDayStart(from, timeZone).toISOString();
    const rangeEnd = clubDayStart(shiftDay(to, 1), timeZone).toISOString();
    const listed = new Set(events.map((e) => e.uuid_event));
    await db.transaction('rw', [db.events, db.outbox, db.session, db.readWeeks], async () => {
      const gone = await db.events
        .where('start_date')
        .below(rangeEnd)
        .filter((e) => e.end_date > rangeStart && !listed.has(e.uuid_event))
        .primaryKeys();
      await db.events.bulkDelete(gone);
      await putServerEvents(db, events);
      const readAt = Date.now();
      await db.readWeeks.bulkPut(mondaysOf(from, to).map((monday) => ({ monday, readAt })));
    });
    return answer.etag ?? undefined;
  });
}

/** The Mondays of the whole weeks within from..to. */
function mondaysOf(from: string, to: string): string[] {
  const mondays: string[] = [];
  for (let monday = weekStart(from); monday <= to; monday = shiftDay(monday, 7)) {
    if (monday >= from && shiftDay(monday, 6) <= to) mondays.push(monday);
  }
  return mondays;
}
