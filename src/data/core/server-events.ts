/**
 * The one way a server's copy of an event enters the cache. A fresh copy does not yet know the user's
 * pending writes, so they are laid over it again, in order: a refresh, a delivered answer or a refusal's
 * rollback never makes a later queued tick or subscription flicker away. Call it inside a transaction
 * over `events`, `outbox` and `session` when it must be atomic with another change.
 */
import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import type { EquipeeDb, OutboxRow } from './db';
import { applyWrite } from './offline-writes';

export function withPendingWrites(event: EventDto, pending: OutboxRow[], user: User): EventDto {
  return pending
    .filter((row) => row.eventUuid === event.uuid_event && row.status === 'pending' && row.userId === user.id)
    .reduce(
      (current, row) => applyWrite(row, current, { user: row.member ?? user, createdAt: row.createdAt }),
      event,
    );
}

/**
 * A comment moves no week's version (docs/rules.md#talking-around-an-event), so a week read may carry a count
 * older than the one this device took from the thread itself: the higher one stays. A thread read sets the
 * exact count again (comment-cache.ts).
 */
function withKnownCount(event: EventDto, cached: EventDto | undefined): EventDto {
  const known = cached?.comments_count ?? 0;
  return known > (event.comments_count ?? 0) ? { ...event, comments_count: known } : event;
}

type KitEntry = Pick<EventDto['invite_list'][number], 'uuid_stuff' | 'stuffs' | 'stuffs_state'>;

/** An entry's state as last known, for the items it still books. */
function keptState<E extends KitEntry>(entry: E, known: KitEntry | undefined): E {
  if (entry.stuffs_state || !known?.stuffs_state) return entry;
  const kit = entry.stuffs ?? (entry.uuid_stuff ? [entry.uuid_stuff] : []);
  return { ...entry, stuffs_state: known.stuffs_state.filter((s) => kit.includes(s.uuid)) };
}

/**
 * The kit's hand-out state (docs/rules.md#kit) comes only with the event's own read by those who take attendance;
 * the week read and the other answers never carry it. A copy without it keeps the state this device knows, so
 * the checklist does not forget at the next week read what was handed out. The event's own read sets it again.
 */
function withKnownKitState(event: EventDto, cached: EventDto | undefined): EventDto {
  const hasState = (e: KitEntry) => e.stuffs_state !== undefined;
  if (!cached || !(cached.subscribers_with_stuff.some(hasState) || cached.invite_list.some(hasState)))
    return event;
  const members = new Map(cached.subscribers_with_stuff.map((s) => [s.id, s]));
  const guests = new Map(cached.invite_list.map((g) => [g.id, g]));
  return {
    ...event,
    subscribers_with_stuff: event.subscribers_with_stuff.map((s) => keptState(s, members.get(s.id))),
    invite_list: event.invite_list.map((g) => keptState(g, guests.get(g.id))),
  };
}

/**
 * The members' files (docs/rules.md#members-file) come only with the event's own read: the reader's `my_dossier`,
 * and each subscriber's `dossier` for those who take attendance. A copy that carries none (the week read, an
 * answer) keeps those this device knows, so the sheet and the checklist still say them with no signal. An event
 * that no longer asks for a file (`requirements` null) drops them; the event's own read sets them again, so a file
 * that expired since subscribing shows on the day once read online.
 */
function withKnownDossiers(event: EventDto, cached: EventDto | undefined): EventDto {
  if (event.requirements === null || !cached) return event;
  const mine = event.my_dossier === undefined && cached.my_dossier ? { my_dossier: cached.my_dossier } : {};
  const known = new Map(cached.subscribers_with_stuff.map((s) => [s.id, s.dossier]));
  const keepsTheirs =
    !event.subscribers_with_stuff.some((s) => s.dossier !== undefined) && [...known.values()].some(Boolean);
  if (!keepsTheirs) return { ...event, ...mine };
  return {
    ...event,
    ...mine,
    subscribers_with_stuff: event.subscribers_with_stuff.map((s) => {
      const dossier = known.get(s.id);
      return dossier ? { ...s, dossier } : s;
    }),
  };
}

/** Stores these events as the server sent them, with the signed-in user's pending writes laid over. */
export async function putServerEvents(db: EquipeeDb, events: EventDto[]): Promise<void> {
  await db.transaction('rw', db.events, db.outbox, db.session, async () => {
    const session = await db.session.get('current');
    const pending = session ? await db.outbox.where('status').equals('pending').sortBy('id') : [];
    const cached = await db.events.bulkGet(events.map((e) => e.uuid_event));
    const counted = events.map((e, i) =>
      withKnownDossiers(withKnownKitState(withKnownCount(e, cached[i]), cached[i]), cached[i]),
    );
    await db.events.bulkPut(
      session ? counted.map((e) => withPendingWrites(e, pending, session.user)) : counted,
    );
  });
}
