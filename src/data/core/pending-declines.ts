/**
 * The member's own "not coming" with their pending writes laid over it, apart from the list's fetch
 * (my-declines.ts, which needs zod): the cards read this on the first paint, before zod loads.
 */
import type { EquipeeDb, OutboxRow } from './db';

/** Whether the member's answer is "not coming": the kept answer, then their pending writes in order. */
export function declinesWithPending(isDeclined: boolean, pending: OutboxRow[]): boolean {
  return pending.reduce((declined, row) => {
    if (row.kind === 'decline') return row.body.decline;
    if (row.kind === 'subscribe' || row.kind === 'waiting-list') return false;
    return declined;
  }, isDeclined);
}

/**
 * Keeps the member's answers in step with writes the server has just taken (inside the drain's
 * transaction): a delivered decline is now the server's, and a delivered subscription or waiting-list
 * join replaced it there, so the screen never flashes back to the old answer before the next list read.
 */
export async function settleDeclines(db: EquipeeDb, delivered: OutboxRow[], now: number): Promise<void> {
  for (const row of delivered) {
    if (row.kind === 'decline') {
      if (row.body.decline)
        await db.myDeclines.put({ uuid_event: row.eventUuid, declined_at: new Date(now).toISOString() });
      else await db.myDeclines.delete(row.eventUuid);
    } else if (row.kind === 'subscribe' || row.kind === 'waiting-list')
      await db.myDeclines.delete(row.eventUuid);
  }
}
