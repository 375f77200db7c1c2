/** The week's events and a member's own moves (subscribe, leave, wait), for the screens. */

import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { clubDayStart, shiftDay } from '@common/rules/club-time';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { whenNetworkQuiet } from './core/connectivity';
import { appDb } from './core/db';
import type { Delivery } from './core/delivery';
import { declinesWithPending } from './core/pending-declines';
import { showWeekSoon } from './core/sync';
import { forgetWeekPreview, subscribeWeekPreview, weekPreview } from './core/week-preview';

export { currentWeek } from '@common/rules/club-time';

/**
 * ISO instants in the order of time: the code units' order, as the cache's index compares them. Not
 * `localeCompare`, whose first call in a page builds the browser's collator (30-50 ms on a slow phone), on the
 * week's first paint.
 */
const byStart = (a: EventDto, b: EventDto) =>
  a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0;

/** Events of `events` overlapping the club week starting `monday`, by start. */
function inWeek(events: readonly EventDto[], monday: string, timeZone: string): EventDto[] {
  const start = clubDayStart(monday, timeZone).toISOString();
  const end = clubDayStart(shiftDay(monday, 7), timeZone).toISOString();
  return events.filter((e) => e.start_date < end && e.end_date > start).sort(byStart);
}

/** Events overlapping the club week starting `monday`, by start, from the cache. */
async function readWeek(monday: string, timeZone: string): Promise<EventDto[]> {
  const end = clubDayStart(shiftDay(monday, 7), timeZone).toISOString();
  return inWeek(await appDb().events.where('start_date').below(end).toArray(), monday, timeZone);
}

// The week a page load shows, read from the cache by page-start.ts while the rest of the bundle is still
// being set up: the screen shows those events as soon as they are in, before its live query first answers
// (which waits for the first frame's work), and the live query's answers from then on.
let preRead: { key: string; events?: EventDto[] } | undefined;
const preReadListeners = new Set<() => void>();
const weekKey = (monday: string, timeZone: string) => `${monday} ${timeZone}`;

function setPreRead(next: typeof preRead): void {
  preRead = next;
  for (const listener of preReadListeners) listener();
}

function subscribePreRead(listener: () => void): () => void {
  preReadListeners.add(listener);
  return () => preReadListeners.delete(listener);
}

/** Reads the week a page opens on, before any screen asks (page-start.ts); settles once read or failed. */
export function preReadWeek(monday: string, timeZone: string): Promise<void> {
  const key = weekKey(monday, timeZone);
  preRead = { key };
  return readWeek(monday, timeZone)
    .then((events) => {
      if (preRead?.key === key) setPreRead({ key, events });
    })
    .catch(() => undefined);
}

/** Events overlapping the club week starting `monday`, by start; undefined while loading. */
export function useWeekEvents(monday: string, timeZone: string): EventDto[] | undefined {
  const key = weekKey(monday, timeZone);
  // The live query answers its last result until the new week's read is in: that is the week before's, so
  // each answer carries its week, and another week's is not this one's.
  // Whether the week was ever stored is read with its events, in one transaction: the engine stores both at
  // once (core/locked-reads.ts), so a preview is never dropped for an answer that does not hold the week yet.
  const answer = useLiveQuery(
    () =>
      appDb().transaction('r', appDb().events, appDb().readWeeks, async () => ({
        key: weekKey(monday, timeZone),
        events: await readWeek(monday, timeZone),
        wasStored: (await appDb().readWeeks.get(monday)) !== undefined,
      })),
    [monday, timeZone],
  );
  const live = answer?.key === key ? answer.events : undefined;
  const isStored = answer?.key === key && answer.wasStored;
  const early = useSyncExternalStore(subscribePreRead, () =>
    preRead?.key === key ? preRead.events : undefined,
  );
  // Once the live query answered, the early read is out of date at the first write: it is dropped.
  useEffect(() => {
    if (live !== undefined && preRead?.key === key) setPreRead(undefined);
  }, [live, key]);
  // A first visit, nothing cached: the week as the server's early answer has it (core/week-preview.ts), until
  // the engine has stored this week. Once the cache holds the page's week, the preview is no one's.
  const preview = useSyncExternalStore(subscribeWeekPreview, weekPreview);
  const previewed = useMemo(
    () => (preview === undefined ? undefined : inWeek(preview, monday, timeZone)),
    [preview, monday, timeZone],
  );
  useEffect(() => {
    if (isStored && preview !== undefined) forgetWeekPreview();
  }, [isStored, preview]);
  if (previewed !== undefined && !isStored && early === undefined) return previewed;
  return live ?? early;
}

/** Whether this week's events were ever read from the server here; undefined while the cache answers. */
export function useWeekWasRead(monday: string): boolean | undefined {
  return useLiveQuery(async () => (await appDb().readWeeks.get(monday)) !== undefined, [monday]);
}

/** The cached event; null when it is not cached, undefined while loading. */
export function useEvent(uuid: string | undefined): EventDto | null | undefined {
  return useLiveQuery(async () => (uuid ? ((await appDb().events.get(uuid)) ?? null) : null), [uuid]);
}

/** What a card or a sheet shows beside an event: read once for a whole list rather than once per card. */
export interface EventMarks {
  /** Events with a write still waiting for the network. */
  pending: ReadonlySet<string>;
  /** Events the member answered "not coming" to, their pending answers laid over. */
  declined: ReadonlySet<string>;
}
const NO_MARKS: EventMarks = { pending: new Set(), declined: new Set() };

/**
 * The marks of these events for this member (none while the cache answers). The week's list asks for all its
 * events at once: two reads for the week, not two live queries per card, each read again at every write.
 */
export function useEventMarks(eventUuids: readonly string[], userId: string): EventMarks {
  const key = eventUuids.join(' ');
  return (
    useLiveQuery(async () => {
      const db = appDb();
      const uuids = key === '' ? [] : key.split(' ');
      const [kept, pendingRows] = await Promise.all([
        db.myDeclines.bulkGet(uuids),
        db.outbox.where('status').equals('pending').sortBy('id'),
      ]);
      const mine = pendingRows.filter((row) => row.userId === userId);
      const declined = uuids.filter((uuid, i) =>
        declinesWithPending(
          kept[i] !== undefined,
          mine.filter((row) => row.eventUuid === uuid),
        ),
      );
      return { pending: new Set(pendingRows.map((row) => row.eventUuid)), declined: new Set(declined) };
    }, [key, userId]) ?? NO_MARKS
  );
}

export type { Delivery };

/**
 * The write path is its own chunk (core/member-moves.ts): the week paints from the cache without it. It is
 * fetched once the week's first reads are done (showWeek), or at the first move if that comes sooner. The
 * time of a move is the member's tap (`at`), taken before the chunk may still be on its way.
 */
const memberMoves = () => import('./core/member-moves');
/** The app's requests quiet this long (30 s at most): the week's first reads are done. */
const MOVES_QUIET_MS = 1_500;
const MOVES_WAIT_AT_MOST_MS = 30_000;
let isMovesFetchDue = true;
let movesAreDue: () => void = () => undefined;
const movesDue = new Promise<void>((resolve) => {
  movesAreDue = resolve;
});
void movesDue.then(memberMoves).catch(() => undefined);

/**
 * Settles once the week's first reads are done: when the code behind the member's moves is fetched, the
 * write path's and a screen's own (the row's one-tap answers), before the first tap and never beside the
 * first reads.
 */
export function whenMovesDue(): Promise<void> {
  return movesDue;
}

/**
 * `kit`: the items booked, in the order of the kinds shown, `[]` for own equipment (docs/rules.md#kit). `actor`:
 * the signed-in guardian when `user` is their child (docs/rules.md#families). `override`: one who takes
 * attendance subscribes a member whose file blocks (docs/rules.md#members-file). `at`: the tap's time.
 */
export function changeSubscription(
  user: User,
  eventUuid: string,
  subscribe: boolean,
  kit: readonly string[] = [],
  actor: User = user,
  override = false,
  at = Date.now(),
): Promise<Delivery> {
  const change = { eventUuid, subscribe, stuffs: kit, override };
  return memberMoves().then((m) => m.deliverSubscription(user, change, at, actor));
}

/** `kit`: the items wished for, booked at promotion where still there. `at`: the tap's time. */
export function joinWaitingList(
  user: User,
  eventUuid: string,
  kit: readonly string[] = [],
  actor: User = user,
  at = Date.now(),
): Promise<Delivery> {
  return memberMoves().then((m) => m.deliverWaitingList(user, { eventUuid, stuffs: kit }, at, actor));
}

/** "Not coming" to the event, or taking it back (`decline` false); queued offline like a subscription. */
export function answerDecline(user: User, eventUuid: string, decline: boolean): Promise<Delivery> {
  const now = Date.now();
  return memberMoves().then((m) => m.deliverDecline(user, { eventUuid, decline }, now));
}

/** A screen needs this event (a checklist outside the cached weeks): fetch it, whether or not sync runs yet. */
export async function refreshEvent(uuid: string): Promise<void> {
  const { fetchEventInto } = await import('./core/sync-engine');
  await fetchEventInto(appDb(), uuid);
}

/** The week a screen shows: the engine fetches it (and remembers it as the one to keep fresh). */
export function showWeek(monday: string): void {
  showWeekSoon(monday);
  // The week offers the member's moves: their code comes before the first tap, never beside the first reads.
  if (isMovesFetchDue) {
    isMovesFetchDue = false;
    void whenNetworkQuiet(MOVES_QUIET_MS, MOVES_WAIT_AT_MOST_MS).then(movesAreDue);
  }
}
