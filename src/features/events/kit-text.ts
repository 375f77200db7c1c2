import type { EventDto } from '@common/contract/event';

/** One item an event offers, with what is left of it (null: infinite). */
export type EventStuff = EventDto['stuffs_available'][number];

/**
 * The names of a kit's items, in its order (docs/rules.md#kit). An item the event no longer offers is named by
 * the entry's `stuff_name` when it is the first, else left out: the cache knows no other name for it.
 */
export function kitNames(
  stuffs: readonly Pick<EventStuff, 'uuid' | 'name'>[],
  kit: readonly string[],
  firstName?: string,
): string[] {
  return kit.flatMap((uuid, index) => {
    const name = stuffs.find((s) => s.uuid === uuid)?.name;
    if (name) return [name];
    return index === 0 && firstName && firstName !== 'default_name' ? [firstName] : [];
  });
}

/**
 * Whether two kits book the same items, whatever their order (the contract's `isSameKit`, here so that this lazy
 * chunk, not the first paint's, carries it: the contract module loads with the first paint).
 */
export const isSameItems = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((uuid) => b.includes(uuid));

/** A kit in words: its items' names, « , » between them. */
export const kitText = (names: readonly string[]): string => names.join(', ');

/**
 * The item a kit was refused for (409 `stuff_unavailable` names it with `uuid_stuff`), by its name in the event
 * as the member saw it; null when it is not known (the screen then says the generic words).
 */
export function goneStuffName(
  stuffs: readonly Pick<EventStuff, 'uuid' | 'name'>[],
  refusal: { code: string | null; uuidStuff?: string },
): string | null {
  if (refusal.code !== 'stuff_unavailable') return null;
  return stuffs.find((s) => s.uuid === refusal.uuidStuff)?.name ?? null;
}
