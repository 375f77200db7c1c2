/**
 * Who may do what to an event (docs/rules.md#roles, docs/rules.md#events, docs/rules.md#subscriptions): pure
 * functions of the actor, the event's facts, the actor's standing at it and the time. The server's services
 * call them before writing (and turn a refusal into its HTTP answer); every screen calls them before offering
 * an action, so a screen never offers what the server would refuse.
 */
import type { EventDto } from '@common/contract/event';
import { GUESTS_PER_MEMBER } from '@common/contract/guests-per-member';
import type { RoleName } from '@common/contract/user';
import { canManageContent } from './roles';

export interface Actor {
  id: string;
  role_name: RoleName;
}

/** What the rules read of an event, whichever side holds it (a database row or a cached EventDto). */
export interface EventFacts {
  creatorId: string;
  /** Who else runs it at the venue (additive `co_organisers`); empty for most events. */
  coOrganiserIds: readonly string[];
  /** When it starts; a kit changes until then (docs/rules.md#kit). Absent: its end stands in. */
  startsAt?: Date;
  endsAt: Date;
  isCancelled: boolean;
  isInfinite: boolean;
  maxSubscribers: number;
  /** Subscribers and their guests (`subcribers_count`). */
  participants: number;
}

/** The actor's own standing at the event. */
export interface Standing {
  isSubscribed: boolean;
  isWaiting: boolean;
  guestCount: number;
}

export type RefusalCode =
  | 'forbidden'
  | 'event_past'
  | 'event_cancelled'
  | 'event_full'
  | 'event_not_cancelled'
  | 'waiting_list_refused'
  | 'guest_limit_reached';

export type Verdict =
  | { ok: true }
  | { ok: false; status: 403 | 409; code: RefusalCode; field: string | null };

const ALLOWED: Verdict = { ok: true };
const refuse = (status: 403 | 409, code: RefusalCode, field: string | null = null): Verdict => ({
  ok: false,
  status,
  code,
  field,
});
const FORBIDDEN = refuse(403, 'forbidden');

/** Checks in order; the first refusal wins. */
function firstRefusal(...checks: Array<() => Verdict>): Verdict {
  for (const check of checks) {
    const verdict = check();
    if (!verdict.ok) return verdict;
  }
  return ALLOWED;
}

export const isPast = (event: Pick<EventFacts, 'endsAt'>, now: Date): boolean => event.endsAt < now;

export const placesLeft = (event: EventFacts): number =>
  event.isInfinite ? Number.POSITIVE_INFINITY : event.maxSubscribers - event.participants;

export const isFull = (event: EventFacts): boolean => placesLeft(event) <= 0;

/** Contributors and admins create events (and models and stuff). */
export const mayCreateEvent = (actor: Actor): Verdict =>
  canManageContent(actor.role_name) ? ALLOWED : FORBIDDEN;

/**
 * Update, cancel, reactivate, delete, group email: the creator while still Contributor or above, or a
 * SuperAdmin. A creator demoted to User keeps nothing. Attendance has its own wider rule (attendance.ts).
 */
export function mayManageEvent(actor: Actor, event: Pick<EventFacts, 'creatorId'>): Verdict {
  if (actor.role_name === 'SuperAdmin') return ALLOWED;
  return actor.id === event.creatorId && canManageContent(actor.role_name) ? ALLOWED : FORBIDDEN;
}

/** A past event can only be deleted. */
export const mayEditEvent = (actor: Actor, event: EventFacts, now: Date): Verdict =>
  firstRefusal(
    () => mayManageEvent(actor, event),
    () => (isPast(event, now) ? refuse(409, 'event_past') : ALLOWED),
  );

/** An upcoming event must be cancelled first, so its members are told. */
export const mayDeleteEvent = (actor: Actor, event: EventFacts, now: Date): Verdict =>
  firstRefusal(
    () => mayManageEvent(actor, event),
    () => (event.isCancelled || isPast(event, now) ? ALLOWED : refuse(409, 'event_not_cancelled')),
  );

const openAndUpcoming = (event: EventFacts, now: Date) => (): Verdict => {
  if (event.isCancelled) return refuse(409, 'event_cancelled');
  return isPast(event, now) ? refuse(409, 'event_past') : ALLOWED;
};

/** Subscribing again is accepted (the server treats it as a no-op or a stuff pick), so fullness counts only for newcomers. */
export const maySubscribe = (event: EventFacts, standing: Standing, now: Date): Verdict =>
  firstRefusal(openAndUpcoming(event, now), () =>
    !standing.isSubscribed && isFull(event) ? refuse(409, 'event_full') : ALLOWED,
  );

/** Leaving a past event is refused; leaving a waiting list never is. */
export const mayUnsubscribe = (event: EventFacts, standing: Standing, now: Date): Verdict =>
  standing.isSubscribed && isPast(event, now) ? refuse(409, 'event_past') : ALLOWED;

export const mayJoinWaitingList = (event: EventFacts, standing: Standing, now: Date): Verdict =>
  event.isCancelled || isPast(event, now) || standing.isSubscribed || standing.isWaiting || !isFull(event)
    ? refuse(409, 'waiting_list_refused')
    : ALLOWED;

/**
 * "Not coming" (docs/rules.md#subscriptions), and taking it back: the member may change the answer while the
 * event is open and upcoming. Declining also leaves the event or its waiting list, which is never refused.
 */
export const mayAnswerDecline = (event: EventFacts, now: Date): Verdict => openAndUpcoming(event, now)();

/** Editing a guest one already brought: only a subscribed member, on an open upcoming event. */
export const mayUpdateGuest = (event: EventFacts, standing: Standing, now: Date): Verdict =>
  firstRefusal(openAndUpcoming(event, now), () =>
    standing.isSubscribed ? ALLOWED : refuse(403, 'forbidden', 'uuid_user'),
  );

/** A new guest takes a place; at most three per member and event. */
export const mayInvite = (event: EventFacts, standing: Standing, now: Date): Verdict =>
  firstRefusal(
    () => mayUpdateGuest(event, standing, now),
    () => (standing.guestCount >= GUESTS_PER_MEMBER ? refuse(409, 'guest_limit_reached') : ALLOWED),
    () => (isFull(event) ? refuse(409, 'event_full') : ALLOWED),
  );

/** The host, or whoever manages the event; never once it is over. */
export const mayDeleteGuest = (actor: Actor, event: EventFacts, hostId: string, now: Date): Verdict =>
  firstRefusal(
    () => (actor.id === hostId ? ALLOWED : mayManageEvent(actor, event)),
    () => (isPast(event, now) ? refuse(409, 'event_past') : ALLOWED),
  );

/** A host's guests with their contact details: the host, or whoever manages the event. */
export const mayReadGuestsOf = (
  actor: Actor,
  event: Pick<EventFacts, 'creatorId'>,
  hostId: string,
): Verdict => (actor.id === hostId ? ALLOWED : mayManageEvent(actor, event));

/** The facts of a cached or answered event. */
export function factsOf(event: EventDto): EventFacts {
  return {
    creatorId: event.creator.id,
    // Absent from events cached or served before co-organisers existed.
    coOrganiserIds: event.co_organisers ?? [],
    startsAt: new Date(event.start_date),
    endsAt: new Date(event.end_date),
    isCancelled: event.is_cancelled,
    isInfinite: event.subscriber_is_infinite,
    maxSubscribers: event.max_subscribers,
    participants: event.subcribers_count,
  };
}

/** A member's standing at an event, read from the event itself. */
export function standingOf(event: EventDto, userId: string): Standing {
  return {
    isSubscribed: event.subscribers_with_stuff.some((s) => s.id === userId),
    isWaiting: event.waiting_list.some((w) => w.uuid_user === userId),
    guestCount: event.invite_list.filter((g) => g.uuid_user === userId).length,
  };
}

/**
 * Whether the member follows a series (docs/rules.md#series): a place or a waiting spot at one of its sessions
 * that has not ended, among `sessions` (those the reader holds). « Quitter la série » is offered only then.
 */
export function followsSeries(sessions: readonly EventDto[], userId: string, now: Date): boolean {
  return sessions.some((session) => {
    const standing = standingOf(session, userId);
    return (standing.isSubscribed || standing.isWaiting) && !isPast(factsOf(session), now);
  });
}
