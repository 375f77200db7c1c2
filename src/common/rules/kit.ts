import type { Stuff } from '../contract/catalog';
import type { Actor, EventFacts, Standing, Verdict } from './events';
import { canManageContent } from './roles';

/** Kit rules (docs/rules.md#kit), shared by the server and the screens, so the app never offers what is refused. */

/** Whether the event has started: the kit is fixed from then on. */
export const hasStarted = (event: Pick<EventFacts, 'startsAt' | 'endsAt'>, now: Date): boolean =>
  (event.startsAt ?? event.endsAt) <= now;

/**
 * « Modifier mon matériel »: a subscribed member (or a guardian for them) changes their kit, keeping their place,
 * while the event is open and has not started.
 */
export function mayChangeKit(event: EventFacts, standing: Standing, now: Date): Verdict {
  if (event.isCancelled) return { ok: false, status: 409, code: 'event_cancelled', field: null };
  if (hasStarted(event, now)) return { ok: false, status: 409, code: 'event_past', field: null };
  if (!standing.isSubscribed) return { ok: false, status: 403, code: 'forbidden', field: 'uuid_user' };
  return { ok: true };
}

/** One kind's items as the kit dialog shows them; `kind` null is « Autre », shown last. */
export interface KitGroup<T> {
  kind: string | null;
  items: T[];
}

/** Items grouped by kind, kinds in alphabetical order (French collation) and « Autre » last, names in order within. */
export function groupByKind<T extends Pick<Stuff, 'name' | 'kind'>>(items: readonly T[]): KitGroup<T>[] {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const kind = item.kind?.trim() ? item.kind.trim() : null;
    groups.set(kind, [...(groups.get(kind) ?? []), item]);
  }
  const collator = new Intl.Collator('fr', { sensitivity: 'base' });
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : collator.compare(a, b)))
    .map(([kind, list]) => ({ kind, items: [...list].sort((x, y) => collator.compare(x.name, y.name)) }));
}

/**
 * « Matériel non rendu » in the settings menu (docs/rules.md#kit): Admins and SuperAdmins, who read every event's,
 * and Contributors, who organise events and read theirs. The server picks the events (`GET /api/stuff/not-returned`).
 */
export const maySeeNotReturned = (actor: Pick<Actor, 'role_name'> | null | undefined): boolean =>
  canManageContent(actor?.role_name);
