/**
 * The threads of the week on screen, read in the background once the week is painted
 * (docs/rules.md#talking-around-an-event): a sheet then opens on its thread from this device, as fast with two
 * hundred messages as with none, and with no signal at the venue too. Only the events whose count says there is
 * something this device does not hold yet are read, one after another, a few per week; a read that fails is
 * left for the sheet's own.
 */
import { commentListSchema, commentsPath } from '@common/contract/comments';
import { apiRequest } from './api-client';
import { storeThread } from './comment-cache';
import type { EquipeeDb } from './db';
import { withDrainLock } from './drain-lock';

/** Threads read per week at most: a busy week's others wait for their sheet. */
const THREADS_PER_WEEK = 12;

/** The events between `from` and `to` (ISO instants) whose thread this device should read again. */
async function threadsToRead(db: EquipeeDb, from: string, to: string): Promise<string[]> {
  const events = await db.events
    .where('start_date')
    .below(to)
    .filter((e) => e.end_date > from && (e.comments_count ?? 0) > 0)
    .toArray();
  const stale: string[] = [];
  for (const event of events) {
    const held = await db.comments.where('uuid_event').equals(event.uuid_event).count();
    if (held !== event.comments_count) stale.push(event.uuid_event);
  }
  return stale.slice(0, THREADS_PER_WEEK);
}

/** One event's thread from the server into the cache, under the drain's lock (as every read of it). */
export function readThreadInto(db: EquipeeDb, eventUuid: string): Promise<void> {
  return withDrainLock(async () => {
    const comments = await apiRequest('GET', commentsPath(eventUuid), { schema: commentListSchema });
    await storeThread(db, eventUuid, comments);
  });
}

export async function readWeekThreads(db: EquipeeDb, from: string, to: string): Promise<void> {
  for (const uuid of await threadsToRead(db, from, to)) {
    try {
      await readThreadInto(db, uuid);
    } catch {
      return; // Offline or refused: the sheet reads its own thread when it opens.
    }
  }
}
