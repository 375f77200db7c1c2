/** The attendance checklist: ticks go through the outbox, so they work at the venue with no signal. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '../common/contract/user';
import { appDb } from './core/db';
import { queueCheck } from './core/outbox';
import { queueAndDeliver } from './core/sync';

/** Keys of the checklist rows whose tick is not delivered yet (`u:<id>` members, `g:<id>` guests). */
export function usePendingChecks(eventUuid: string | undefined): Set<string> {
  const keys = useLiveQuery(async () => {
    if (!eventUuid) return [];
    const rows = await appDb().outbox.where('status').equals('pending').toArray();
    return rows.flatMap((row) =>
      row.kind === 'check' && row.eventUuid === eventUuid
        ? [`${row.body.is_invited ? 'g' : 'u'}:${row.body.user_id}`]
        : [],
    );
  }, [eventUuid]);
  return new Set(keys ?? []);
}

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
