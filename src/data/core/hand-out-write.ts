/**
 * The hand-out write (docs/rules.md#kit): « Remis » or « Rendu » on a booked item, queued through the outbox like
 * a tick, so it works at the venue with no signal. Apart from outbox.ts, which the first paint loads, as only the
 * checklist (a lazy route) queues it: the home route does not download it.
 */
import type { User } from '@common/contract/user';
import type { EquipeeDb } from './db';
import { enqueueWrite } from './outbox';

/** A booked item handed out or taken back, with the device's time of the tap (the newest write wins). */
export interface StuffHandOutChange {
  eventUuid: string;
  isInvited: boolean;
  userId: string | number;
  uuidStuff: string;
  handedOut?: boolean;
  returned?: boolean;
}

export function queueStuffHandOut(
  db: EquipeeDb,
  user: User,
  change: StuffHandOutChange,
  now = Date.now(),
): Promise<number> {
  const body = {
    event_uuid: change.eventUuid,
    is_invited: change.isInvited,
    user_id: change.userId,
    uuid_stuff: change.uuidStuff,
    ...(change.handedOut === undefined ? {} : { handed_out: change.handedOut }),
    ...(change.returned === undefined ? {} : { returned: change.returned }),
    checked_at: new Date(now).toISOString(),
  };
  return enqueueWrite(db, user, { kind: 'stuff-hand-out', body }, now);
}
