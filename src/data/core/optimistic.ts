import { type AttendanceStatus, isPresentStatus } from '@common/contract/attendance-status';
import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import type { WalkInEntry } from '@common/contract/walk-in';
import { walkInPersonKey } from '@common/contract/walk-in-key';
import { kitFields, takeItems } from './optimistic-kit';

/**
 * The change a queued write will make, applied to the cached event at once (optimistic). Pure functions:
 * the server's answer replaces the cached event when the write is delivered.
 */
export function withCheck(
  event: EventDto,
  userId: string | number,
  isInvited: boolean,
  status: AttendanceStatus,
): EventDto {
  const state = { status, is_checked: isPresentStatus(status) };
  if (isInvited) {
    return {
      ...event,
      invite_list: event.invite_list.map((g) => (g.id === userId ? { ...g, ...state } : g)),
    };
  }
  return {
    ...event,
    subscribers_with_stuff: event.subscribers_with_stuff.map((s) =>
      s.id === userId ? { ...s, ...state } : s,
    ),
  };
}

/**
 * A walk-in's status: the person's row changed, or added at the end. One added on this device has no number
 * yet (0); the server's answer brings it.
 */
export function withWalkIn(
  event: EventDto,
  walkIn: Omit<WalkInEntry, 'id' | 'is_checked'> & { id?: number },
): EventDto {
  const key = walkInPersonKey(walkIn);
  const walkIns = event.walk_ins ?? [];
  const existing = walkIns.find((w) => walkInPersonKey(w) === key);
  const row: WalkInEntry = {
    id: walkIn.id ?? existing?.id ?? 0,
    user_id: walkIn.user_id,
    name: existing && !walkIn.user_id ? existing.name : walkIn.name,
    status: walkIn.status,
    is_checked: isPresentStatus(walkIn.status),
    checked_at: walkIn.checked_at,
  };
  return {
    ...event,
    walk_ins: existing ? walkIns.map((w) => (w === existing ? row : w)) : [...walkIns, row],
  };
}

export function withSubscription(
  event: EventDto,
  user: User,
  stuffs: readonly string[],
  subscriptionUuid: string,
): EventDto {
  if (event.subscribers_with_stuff.some((s) => s.id === user.id)) return event;
  return {
    ...event,
    subcribers_count: event.subcribers_count + 1,
    stuffs_available: takeItems(event, stuffs),
    subscribers_with_stuff: [
      ...event.subscribers_with_stuff,
      {
        id: user.id,
        uuid: subscriptionUuid,
        uuid_event: event.uuid_event,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        ...kitFields(event, stuffs),
        is_checked: false,
      },
    ],
    waiting_list: event.waiting_list.filter((w) => w.uuid_user !== user.id),
  };
}

/** Leaving takes the member's guests along, and leaves the waiting list too. */
export function withoutSubscription(event: EventDto, userId: string): EventDto {
  const mine = event.subscribers_with_stuff.find((s) => s.id === userId);
  const guests = event.invite_list.filter((g) => g.uuid_user === userId);
  if (!mine) return { ...event, waiting_list: event.waiting_list.filter((w) => w.uuid_user !== userId) };
  return {
    ...event,
    subcribers_count: Math.max(0, event.subcribers_count - 1 - guests.length),
    subscribers_with_stuff: event.subscribers_with_stuff.filter((s) => s.id !== userId),
    invite_list: event.invite_list.filter((g) => g.uuid_user !== userId),
  };
}

export function withWaiting(event: EventDto, user: User, stuffs: readonly string[], at: Date): EventDto {
  if (event.waiting_list.some((w) => w.uuid_user === user.id)) return event;
  return {
    ...event,
    waiting_list: [
      ...event.waiting_list,
      {
        uuid_user: user.id,
        username: user.username,
        created_at: at.toISOString(),
        uuid_event: event.uuid_event,
        uuid_stuff: stuffs[0] ?? null,
        stuffs: [...stuffs],
      },
    ],
  };
}
