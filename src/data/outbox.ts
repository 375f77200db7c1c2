/**
 * Writes that must survive no signal: checklist ticks, subscribe/unsubscribe, waiting list. Each is ONE
 * Dexie rw transaction that applies the change to the cached event (optimistic) AND appends its outbox
 * row: a crash or a failure can never leave a change applied but unqueued, or queued but not applied.
 * Nothing else in the client sends these writes; the drain (outbox-drain.ts) delivers them in order.
 */
import type { EventDto } from '../common/contract/event';
import type { User } from '../common/contract/user';
import type { EquipeeDb, OutboxKind, OutboxRow } from './db';
import { withCheck, withoutSubscription, withSubscription, withWaiting } from './optimistic';

export class NotCachedError extends Error {}

async function enqueue(
  db: EquipeeDb,
  user: User,
  kind: OutboxKind,
  eventUuid: string,
  request: Pick<OutboxRow, 'method' | 'path' | 'body'>,
  apply: (event: EventDto) => EventDto,
  now: number,
): Promise<number> {
  return db.transaction('rw', db.events, db.outbox, async () => {
    const event = await db.events.get(eventUuid);
    if (!event) throw new NotCachedError(`event ${eventUuid} is not in the cache`);
    await db.events.put(apply(event));
    return (await db.outbox.add({
      userId: user.id,
      kind,
      eventUuid,
      ...request,
      idempotencyKey: crypto.randomUUID(),
      createdAt: now,
      attempts: 0,
      status: 'pending',
      lastError: null,
      nextAttemptAt: now,
    })) as number;
  });
}

export function queueCheck(
  db: EquipeeDb,
  user: User,
  check: { eventUuid: string; userId: string | number; isInvited: boolean; isChecked: boolean },
  now = Date.now(),
): Promise<number> {
  const body = {
    event_uuid: check.eventUuid,
    is_invited: check.isInvited,
    user_id: check.userId,
    is_checked: check.isChecked,
    // The device's time of the tick: the server keeps the newest, whatever order replays arrive in.
    checked_at: new Date(now).toISOString(),
  };
  return enqueue(db, user, 'check', check.eventUuid, { method: 'PUT', path: '/api/event/checklist', body }, (e) =>
    withCheck(e, check.userId, check.isInvited, check.isChecked),
  now);
}

export function queueSubscription(
  db: EquipeeDb,
  user: User,
  change: { eventUuid: string; subscribe: boolean; stuffUuid?: string | null },
  now = Date.now(),
): Promise<number> {
  const stuffUuid = change.stuffUuid ?? null;
  const body = { uuid_event: change.eventUuid, uuid_user: user.id, subscribe: change.subscribe, ...(stuffUuid ? { uuid_stuff: stuffUuid } : {}) };
  const request = { method: 'PUT' as const, path: '/api/event/subscribe/status', body };
  return change.subscribe
    ? enqueue(db, user, 'subscribe', change.eventUuid, request, (e) => withSubscription(e, user, stuffUuid, `pending-${now}`), now)
    : enqueue(db, user, 'unsubscribe', change.eventUuid, request, (e) => withoutSubscription(e, user.id), now);
}

export function queueWaitingList(
  db: EquipeeDb,
  user: User,
  join: { eventUuid: string; stuffUuid?: string | null },
  now = Date.now(),
): Promise<number> {
  const stuffUuid = join.stuffUuid ?? null;
  const body = { uuid_event: join.eventUuid, uuid_user: user.id, ...(stuffUuid ? { uuid_stuff: stuffUuid } : {}) };
  return enqueue(db, user, 'waiting-list', join.eventUuid, { method: 'POST', path: '/api/event/waiting-list', body }, (e) =>
    withWaiting(e, user, stuffUuid, new Date(now)),
  now);
}
