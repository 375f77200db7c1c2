import type { EventDto } from '../../common/contract/event';
import type { User } from '../../common/contract/user';

/**
 * The change a queued write will make, applied to the cached event at once (optimistic). Pure functions:
 * the server's answer replaces the cached event when the write is delivered.
 */
export function withCheck(
  event: EventDto,
  userId: string | number,
  isInvited: boolean,
  isChecked: boolean,
): EventDto {
  if (isInvited) {
    return {
      ...event,
      invite_list: event.invite_list.map((g) => (g.id === userId ? { ...g, is_checked: isChecked } : g)),
    };
  }
  return {
    ...event,
    subscribers_with_stuff: event.subscribers_with_stuff.map((s) =>
      s.id === userId ? { ...s, is_checked: isChecked } : s,
    ),
  };
}

export function withSubscription(
  event: EventDto,
  user: User,
  stuffUuid: string | null,
  subscriptionUuid: string,
): EventDto {
  if (event.subscribers_with_stuff.some((s) => s.id === user.id)) return event;
  const stuffName = event.stuffs_available.find((s) => s.uuid === stuffUuid)?.name ?? 'default_name';
  return {
    ...event,
    subcribers_count: event.subcribers_count + 1,
    stuffs_available: event.stuffs_available.map((s) =>
      s.uuid === stuffUuid && s.available !== null ? { ...s, available: Math.max(0, s.available - 1) } : s,
    ),
    subscribers_with_stuff: [
      ...event.subscribers_with_stuff,
      {
        id: user.id,
        uuid: subscriptionUuid,
        uuid_event: event.uuid_event,
        username: user.username,
        stuff_name: stuffName,
        uuid_stuff: stuffUuid,
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

export function withWaiting(event: EventDto, user: User, stuffUuid: string | null, at: Date): EventDto {
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
        uuid_stuff: stuffUuid,
      },
    ],
  };
}
