import type { EventDto } from '@common/contract/event';
import type { StuffState } from '@common/contract/kit';

/**
 * The kit's changes applied to the cached event at once (docs/rules.md#kit), as optimistic.ts does for places. Pure
 * functions: the server's answer replaces the cached event when the write is delivered.
 */

/** What is left of each offered item once `released` items come back and `taken` go out (null: infinite). */
function restock(
  event: EventDto,
  released: readonly string[],
  taken: readonly string[],
): EventDto['stuffs_available'] {
  return event.stuffs_available.map((s) => {
    if (s.available === null) return s;
    const delta = (released.includes(s.uuid) ? 1 : 0) - (taken.includes(s.uuid) ? 1 : 0);
    return delta === 0 ? s : { ...s, available: Math.max(0, s.available + delta) };
  });
}

/** The entry fields a kit sets: the list, its first item and that item's name (`default_name`: own equipment). */
export function kitFields(event: Pick<EventDto, 'stuffs_available'>, stuffs: readonly string[]) {
  const first = stuffs[0] ?? null;
  return {
    stuffs: [...stuffs],
    uuid_stuff: first,
    stuff_name: event.stuffs_available.find((s) => s.uuid === first)?.name ?? 'default_name',
  };
}

/** « Modifier mon matériel »: the member keeps their place with the new kit; the items' counts move with it. */
export function withKit(event: EventDto, userId: string, stuffs: readonly string[]): EventDto {
  const entry = event.subscribers_with_stuff.find((s) => s.id === userId);
  if (!entry) return event;
  const held = entry.stuffs ?? (entry.uuid_stuff ? [entry.uuid_stuff] : []);
  if (held.join() === stuffs.join()) return event;
  return {
    ...event,
    stuffs_available: restock(
      event,
      held.filter((uuid) => !stuffs.includes(uuid)),
      stuffs.filter((uuid) => !held.includes(uuid)),
    ),
    subscribers_with_stuff: event.subscribers_with_stuff.map((s) =>
      s === entry ? { ...s, ...kitFields(event, stuffs) } : s,
    ),
  };
}

/** A booked item handed out or taken back at the venue: the fields sent change, the others stay. */
export function withStuffState(
  event: EventDto,
  change: {
    is_invited: boolean;
    user_id: string | number;
    uuid_stuff: string;
    handed_out?: boolean;
    returned?: boolean;
  },
): EventDto {
  const update = (state: StuffState[] | undefined, stuffs: readonly string[]): StuffState[] => {
    const current = state ?? stuffs.map((uuid) => ({ uuid, handed_out: false, returned: false }));
    // As the server sets it: an item given back was handed out, one not handed out was not given back.
    return current.map((item) => {
      if (item.uuid !== change.uuid_stuff) return item;
      const handedOut = change.returned === true ? true : (change.handed_out ?? item.handed_out);
      return { ...item, handed_out: handedOut, returned: handedOut && (change.returned ?? item.returned) };
    });
  };
  if (change.is_invited)
    return {
      ...event,
      invite_list: event.invite_list.map((g) =>
        g.id === change.user_id ? { ...g, stuffs_state: update(g.stuffs_state, g.stuffs ?? []) } : g,
      ),
    };
  return {
    ...event,
    subscribers_with_stuff: event.subscribers_with_stuff.map((s) =>
      s.id === change.user_id ? { ...s, stuffs_state: update(s.stuffs_state, s.stuffs ?? []) } : s,
    ),
  };
}

/** Items taken by a new booking (a subscription or a guest), counted off what is left. */
export const takeItems = (event: EventDto, stuffs: readonly string[]): EventDto['stuffs_available'] =>
  restock(event, [], stuffs);
