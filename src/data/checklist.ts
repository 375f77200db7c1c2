/** The attendance checklist: ticks go through the outbox, so they work at the venue with no signal. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '../common/contract/user';
import { appDb } from './core/db';
import { queueCheck } from './core/outbox';
import { queueAndDeliver } from './core/sync';

/**
 * The checklist's ticks not delivered yet, by row key (`u:<id>` members, `g:<id>` guests), each with the
 * value its latest tick sets. Ticks are kept in the outbox alone (core/outbox.ts): the screen lays these
 * over the cached event's rows, so a tick made offline shows after a reload too. Undefined while first
 * read: rows shown before would show a reloaded list without its ticks for a moment.
 */
export function usePendingChecks(eventUuid: string | undefined): ReadonlyMap<string, boolean> | undefined {
  return useLiveQuery(async () => {
    if (!eventUuid) return NO_TICKS;
    // Read through a cursor (the filter), which Dexie's query cache never answers: ticks are stored beside
    // Dexie and announced with `storagemutated` (core/tick-write.ts), which a cached answer would not see.
    const rows = await appDb()
      .outbox.where('status')
      .equals('pending')
      .filter((row) => row.kind === 'check' && row.eventUuid === eventUuid)
      .sortBy('id');
    const pending = new Map<string, boolean>();
    for (const row of rows)
      if (row.kind === 'check')
        pending.set(`${row.body.is_invited ? 'g' : 'u'}:${row.body.user_id}`, row.body.is_checked);
    return pending;
  }, [eventUuid]);
}

const NO_TICKS: ReadonlyMap<string, boolean> = new Map();

/** Sets (never toggles) one row's check; `userId` is the member's id, or the guest's number. */
export async function tick(
  user: User,
  eventUuid: string,
  userId: string | number,
  isInvited: boolean,
  isChecked: boolean,
): Promise<void> {
  await queueAndDeliver(queueCheck(appDb(), user, { eventUuid, userId, isInvited, isChecked }));
}
