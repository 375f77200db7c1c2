/** The attendance checklist: ticks go through the outbox, so they work at the venue with no signal. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '../common/contract/user';
import { appDb } from './core/db';
import { queueCheck } from './core/outbox';
import { queueAndDeliver } from './core/sync';

/**
 * The checklist's ticks not delivered yet, by row key (`u:<id>` members, `g:<id>` guests), each with the
 * value its latest tick sets. Ticks are kept in the outbox alone (core/outbox.ts): the screen lays these
 * over the cached event's rows, so a tick made offline shows after a reload too.
 */
export function usePendingChecks(eventUuid: string | undefined): ReadonlyMap<string, boolean> {
  const ticks = useLiveQuery(async () => {
    if (!eventUuid) return NO_TICKS;
    const rows = await appDb().outbox.where('status').equals('pending').sortBy('id');
    const pending = new Map<string, boolean>();
    for (const row of rows)
      if (row.kind === 'check' && row.eventUuid === eventUuid)
        pending.set(`${row.body.is_invited ? 'g' : 'u'}:${row.body.user_id}`, row.body.is_checked);
    return pending;
  }, [eventUuid]);
  return ticks ?? NO_TICKS;
}

const NO_TICKS: ReadonlyMap<string, boolean> = new Map();

/** Sets (never toggles) one row's check; `userId` is the member's id, or the guest's number. */
export function tick(
  user: User,
  eventUuid: string,
  userId: string | number,
  isInvited: boolean,
  isChecked: boolean,
): Promise<void> {
  return queueAndDeliver(queueCheck(appDb(), user, { eventUuid, userId, isInvited, isChecked }));
}
