import type { EventDto, SubscriberEntry, WaitingEntry } from '@common/contract/event';
import { seesAttendees, seesEveryName } from '@common/rules/attendees';
import type { Actor } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { showAttendees } from '../settings/club-settings';

/** The reader, and for a guardian the children they answer for or are kept from (docs/rules.md#families). */
export type EventViewer = Actor & { ownChildIds?: readonly string[]; hiddenChildIds?: readonly string[] };

/** Someone else's attendance as a member reads it (docs/rules.md#events). */
const NOT_RECORDED = { is_checked: false, status: 'absent' } as const;
const isRecorded = (row: { is_checked: boolean; status?: string }) =>
  row.is_checked || (row.status !== undefined && row.status !== 'absent');

/** What stands for a hidden member in another member's answer: no id, no name, no picture. */
const unnamed = { username: '', first_name: null, last_name: null, thumbnail_url: null };

/**
 * An event as one reader may see it (docs/rules.md#events). Organisers get it whole. Other members get who's coming
 * only while the club shows it (else only themself and their guests, with `attendees_limited`), and a hidden member as
 * `is_hidden` under an id that is a per-event alias, so their guests still sit under them. Nobody else's attendance:
 * others' rows read unchecked and absent, and walk-ins show only the reader's own. Counts are never touched:
 * `subcribers_count` stays the event's.
 */
export function eventForViewer(event: EventDto, viewer: EventViewer, clubShowsAttendees: boolean): EventDto {
  const facts = { creatorId: event.creator.id, coOrganiserIds: event.co_organisers ?? [] };
  if (seesEveryName(viewer, facts)) return event;
  // A guardian reads their children's answers as their own; a restricted one, the child as anyone hidden.
  const ownIds = new Set([viewer.id, ...(viewer.ownChildIds ?? [])]);
  const isOwn = (userId: string) => ownIds.has(userId);
  const forcedHidden = new Set(viewer.hiddenChildIds ?? []);
  const listed = seesAttendees(viewer, facts, clubShowsAttendees);
  const aliases = new Map<string, string>();
  const alias = (userId: string) => {
    const known = aliases.get(userId);
    if (known) return known;
    const name = `hidden-${aliases.size + 1}`;
    aliases.set(userId, name);
    return name;
  };
  const hiddenIds = new Set(
    [
      ...event.subscribers_with_stuff.map((s) => ({ id: s.id, hidden: s.is_hidden })),
      ...event.waiting_list.map((w) => ({ id: w.uuid_user, hidden: w.is_hidden })),
    ]
      .filter((p) => (p.hidden || forcedHidden.has(p.id)) && !isOwn(p.id))
      .map((p) => p.id),
  );
  const shown = (userId: string) => listed || isOwn(userId);
  const idFor = (userId: string) => (hiddenIds.has(userId) ? alias(userId) : userId);

  return {
    ...event,
    attendees_limited: !listed,
    subscribers_with_stuff: event.subscribers_with_stuff
      .filter((s) => shown(s.id))
      .map((s) => (isOwn(s.id) ? s : { ...s, ...NOT_RECORDED }))
      .map((s): SubscriberEntry => (hiddenIds.has(s.id) ? { ...s, ...unnamed, id: idFor(s.id) } : s)),
    waiting_list: event.waiting_list
      .filter((w) => shown(w.uuid_user))
      .map(
        (w): WaitingEntry =>
          hiddenIds.has(w.uuid_user) ? { ...w, ...unnamed, uuid_user: idFor(w.uuid_user) } : w,
      ),
    invite_list: event.invite_list
      .filter((g) => shown(g.uuid_user))
      .map((g) => (isOwn(g.uuid_user) ? g : { ...g, ...NOT_RECORDED }))
      .map((g) =>
        hiddenIds.has(g.uuid_user)
          ? { ...g, uuid_user: idFor(g.uuid_user), first_name: '', last_name: '' }
          : g,
      ),
    walk_ins: event.walk_ins?.filter((w) => w.user_id !== null && isOwn(w.user_id)),
  };
}

/**
 * Whether any event here needs shaping for a member: the list is kept for organisers, someone hides, or
 * someone's attendance is recorded (members do not read it).
 */
export function needsViewer(events: EventDto[], clubShowsAttendees: boolean): boolean {
  return (
    !clubShowsAttendees ||
    events.some(
      (e) =>
        e.subscribers_with_stuff.some((s) => s.is_hidden || isRecorded(s)) ||
        e.waiting_list.some((w) => w.is_hidden) ||
        e.invite_list.some(isRecorded) ||
        (e.walk_ins?.length ?? 0) > 0,
    )
  );
}

/** One event answer as its reader may see it, the club's setting read in the caller's transaction. */
export async function viewedBy(
  db: Kysely<Database>,
  viewer: EventViewer,
  event: EventDto,
): Promise<EventDto> {
  return eventForViewer(event, viewer, await showAttendees(db));
}

/** Answers holding sessions (a series) as their reader may see them. */
export async function sessionsViewedBy<T extends { sessions: EventDto[] }>(
  db: Kysely<Database>,
  viewer: EventViewer,
  answer: T,
): Promise<T> {
  const clubShowsAttendees = await showAttendees(db);
  return { ...answer, sessions: answer.sessions.map((e) => eventForViewer(e, viewer, clubShowsAttendees)) };
}
