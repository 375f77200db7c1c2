/**
 * Writes that must survive no signal: checklist ticks, subscribe/unsubscribe, waiting list. Each is ONE
 * rw transaction (a tick's on IndexedDB itself, core/tick-write.ts; the others through Dexie) that
 * applies the change to the cached event (optimistic; a tick only checks the event is cached) AND appends
 * its outbox row: a crash or a failure can never leave a change applied but unqueued, or queued but not applied.
 * Nothing else in the client sends these writes; the drain (drain.ts) delivers them in order.
 */
import { type AttendanceStatus, isPresentStatus } from '@common/contract/attendance-status';
import type { User } from '@common/contract/user';
import type { EquipeeDb } from './db';
import { applyWrite, eventUuidOfWrite, type QueuedWrite } from './offline-writes';
import { addTickRow } from './tick-write';
import { forgetWeekSnapshot } from './week-snapshot-store';

export class NotCachedError extends Error {}

/**
 * Queues one write and, but for a tick, shows it at once on the cached event; answers the outbox row's id.
 * A tick stays in the outbox only: the checklist lays pending ticks over its rows (data/checklist.ts), and
 * every server copy stored later has them laid over too (server-events.ts). Rewriting an event of 300
 * people on each tick, then reading it back for the screen, held back the frame that paints the tick.
 */
export async function enqueueWrite(
  db: EquipeeDb,
  user: User,
  write: QueuedWrite,
  now = Date.now(),
  actor: User = user,
): Promise<number> {
  const eventUuid = eventUuidOfWrite(write);
  const row = {
    ...write,
    // The session that made it sends it; `member` is who it is for, when a guardian answered for a child.
    userId: actor.id,
    ...(actor.id === user.id ? {} : { member: user }),
    eventUuid,
    idempotencyKey: crypto.randomUUID(),
    createdAt: now,
    attempts: 0,
    status: 'pending' as const,
    lastError: null,
    nextAttemptAt: now,
  };
  const notCached = () => new NotCachedError(`event ${eventUuid} is not in the cache`);
  if (write.kind === 'check') return addTickRow(db, row, notCached);
  // The week as last seen (week-snapshot-store.ts) no longer is: forgotten before the change is stored, so a
  // cold start never shows the member's answer as it was before. The keeper stores the week again once it
  // settles, if the page lives that long; a tick changes nothing the week shows.
  forgetWeekSnapshot();
  return db.transaction('rw', db.events, db.outbox, async () => {
    const event = await db.events.get(eventUuid);
    if (!event) throw notCached();
    await db.events.put(applyWrite(write, event, { user, createdAt: now }));
    return (await db.outbox.add(row)) ?? 0;
  });
}

export interface CheckChange {
  eventUuid: string;
  userId: string | number;
  isInvited: boolean;
  status: AttendanceStatus;
}

export function queueCheck(db: EquipeeDb, user: User, check: CheckChange, now = Date.now()): Promise<number> {
  const body = {
    event_uuid: check.eventUuid,
    is_invited: check.isInvited,
    user_id: check.userId,
    // Both: a server from before statuses reads the check (true for present and late).
    is_checked: isPresentStatus(check.status),
    status: check.status,
    // The device's time of the tick: the server keeps the newest, whatever order replays arrive in.
    checked_at: new Date(now).toISOString(),
  };
  return enqueueWrite(db, user, { kind: 'check', body }, now);
}

/** A walk-in: a member (`userId`) or a free name, with the status to set. */
export interface WalkInChange {
  eventUuid: string;
  userId: string | null;
  name: string;
  status: AttendanceStatus;
}

export function queueWalkIn(
  db: EquipeeDb,
  user: User,
  walkIn: WalkInChange,
  now = Date.now(),
): Promise<number> {
  const body = {
    event_uuid: walkIn.eventUuid,
    ...(walkIn.userId ? { user_id: walkIn.userId } : {}),
    name: walkIn.name,
    status: walkIn.status,
    checked_at: new Date(now).toISOString(),
  };
  return enqueueWrite(db, user, { kind: 'walk-in', body }, now);
}

/** The kit a write books (docs/rules.md#kit): the list, with its first item as the spec's `uuid_stuff`. */
const kitBody = (kit: readonly string[]) =>
  kit.length > 0 ? { uuid_stuff: kit[0] as string, stuffs: [...kit] } : {};

export function queueSubscription(
  db: EquipeeDb,
  user: User,
  change: {
    eventUuid: string;
    subscribe: boolean;
    stuffUuid?: string | null;
    stuffs?: readonly string[];
    /** Those who take attendance subscribe a member whose file blocks (docs/rules.md#members-file). */
    override?: boolean;
  },
  now = Date.now(),
  actor: User = user,
): Promise<number> {
  const body = {
    uuid_event: change.eventUuid,
    uuid_user: user.id,
    subscribe: change.subscribe,
    ...(change.subscribe ? kitBody(change.stuffs ?? (change.stuffUuid ? [change.stuffUuid] : [])) : {}),
    ...(change.subscribe && change.override ? { override: true } : {}),
  };
  return enqueueWrite(db, user, { kind: change.subscribe ? 'subscribe' : 'unsubscribe', body }, now, actor);
}

/** "Not coming" to an event (docs/rules.md#subscriptions), or taking it back: queued like a subscription. */
export function queueDecline(
  db: EquipeeDb,
  user: User,
  answer: { eventUuid: string; decline: boolean },
  now = Date.now(),
): Promise<number> {
  const body = { uuid_event: answer.eventUuid, uuid_user: user.id, decline: answer.decline };
  return enqueueWrite(db, user, { kind: 'decline', body }, now);
}

export function queueWaitingList(
  db: EquipeeDb,
  user: User,
  join: { eventUuid: string; stuffUuid?: string | null; stuffs?: readonly string[] },
  now = Date.now(),
  actor: User = user,
): Promise<number> {
  const body = {
    uuid_event: join.eventUuid,
    uuid_user: user.id,
    ...kitBody(join.stuffs ?? (join.stuffUuid ? [join.stuffUuid] : [])),
  };
  return enqueueWrite(db, user, { kind: 'waiting-list', body }, now, actor);
}
