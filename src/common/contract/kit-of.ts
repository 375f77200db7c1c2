/**
 * A booking's kit as requests carry it (docs/rules.md#kit), without zod: the page reads it before the contract's
 * schemas load (they load after the first paint), as the offline writes' optimistic changes do.
 */

/** What a request that books kit may carry: the spec's one item, the list, or both when they agree. */
export interface KitFields {
  uuid_stuff?: string | null | undefined;
  stuffs?: string[] | undefined;
}

/** The kit a request books: `stuffs` when sent, else the spec's one `uuid_stuff`, else own equipment. */
export function kitOf(request: KitFields): string[] {
  if (request.stuffs !== undefined) return request.stuffs;
  return request.uuid_stuff ? [request.uuid_stuff] : [];
}

/** Two kits are the same booking whatever their order. */
export function isSameKit(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((uuid) => set.has(uuid));
}
