/**
 * A checklist tick's outbox row, written with IndexedDB itself on Dexie's own connection. A tick is the one
 * write made dozens of times a minute at the venue, and its row is shown only once stored (a tick shown is a
 * tick that survives a reload). Through Dexie, its transaction (the event's presence, the row's add, the
 * commit) took 6–7 ms of a 16.7 ms frame, against 2–3 ms for the same requests sent here; the row missed
 * the next frame. Dexie still owns the schema and every other write. Its live queries learn of the row from
 * Dexie's documented `storagemutated` event, fired here with the parts Dexie's own add would have named.
 */
import { Dexie, RangeSet } from 'dexie';
import { afterNextPaint } from './after-paint';
import type { EquipeeDb, OutboxRow } from './db';

export class TickNotStoredError extends Error {}

/**
 * Adds `row` (a tick) in one transaction that also checks its event is cached; answers the row's id once
 * committed. An event not cached aborts the transaction with `notCached()`: no row is left. A failed request rejects with the
 * browser's error (a full disk is a `QuotaExceededError`).
 */
export async function addTickRow(
  db: EquipeeDb,
  row: Omit<OutboxRow, 'id'>,
  notCached: () => Error,
): Promise<number> {
  if (!db.isOpen()) await db.open();
  const idb = db.backendDB();
  const id = await new Promise<number>((resolve, reject) => {
    const transaction = idb.transaction(['events', 'outbox'], 'readwrite');
    let failure: unknown;
    const fail = (error: unknown) => {
      failure ??= error;
      transaction.abort();
    };
    // Both requests leave at once: the tick waits for one round trip to the database, not two.
    const count = transaction.objectStore('events').count(row.eventUuid);
    count.onsuccess = () => {
      if (count.result === 0) fail(notCached());
    };
    let add: IDBRequest<IDBValidKey> | undefined;
    try {
      add = transaction.objectStore('outbox').add(row);
    } catch (error) {
      // A row the store refuses at once (a value it cannot clone, a full disk).
      fail(error);
    }
    transaction.oncomplete = () => resolve(Number(add?.result));
    transaction.onabort = () =>
      reject(failure ?? transaction.error ?? new TickNotStoredError('tick not stored'));
  });
  // The live queries (the row's pending mark, the header's count) hear of it once the tick is painted.
  afterNextPaint(() => Dexie.on('storagemutated').fire(partsOfAdd(db.name, id, row)), true);
  return id;
}

/** What Dexie's observability names for an added outbox row: its key, and its value in each index. */
function partsOfAdd(dbName: string, id: number, row: Omit<OutboxRow, 'id'>) {
  const part = (index: string) => `idb://${dbName}/outbox/${index}`;
  return {
    [part('')]: new RangeSet().addKey(id),
    [part(':dels')]: new RangeSet().addKey(id),
    [part('userId')]: new RangeSet().addKey(row.userId),
    [part('status')]: new RangeSet().addKey(row.status),
    [part('createdAt')]: new RangeSet().addKey(row.createdAt),
  };
}
