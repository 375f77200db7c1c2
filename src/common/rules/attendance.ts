import { type Actor, type EventFacts, mayManageEvent, type Verdict } from './events';
import { canManageContent, isAdminRole, isContributorRole } from './roles';

const ALLOWED: Verdict = { ok: true };
const FORBIDDEN: Verdict = { ok: false, status: 403, code: 'forbidden', field: null };

/** Who runs an event at the venue: its creator and the co-organisers the creator added. */
export type AttendanceTeam = Pick<EventFacts, 'creatorId' | 'coOrganiserIds'>;

/**
 * Taking attendance (ticks, statuses, walk-ins) and reading it (who ticked whom, its CSV, others' rows), per
 * docs/rules.md#roles: any Admin or SuperAdmin (they answer to the federation for every event), else the
 * creator or a co-organiser while still a Contributor or above. The role is the actor's at the request, so a
 * co-organiser demoted to User loses it at once.
 */
export function mayTakeAttendance(actor: Actor, event: AttendanceTeam): Verdict {
  if (isAdminRole(actor.role_name)) return ALLOWED;
  const isOnTeam = actor.id === event.creatorId || event.coOrganiserIds.includes(actor.id);
  return isOnTeam && canManageContent(actor.role_name) ? ALLOWED : FORBIDDEN;
}

/** Reading an event's attendance is for exactly those who take it. */
export const mayReadAttendance = mayTakeAttendance;

/**
 * Adding a walk-in, and searching the club's members by name to find them (docs/rules.md#roles): for that
 * event, those who take attendance.
 */
export const mayAddWalkIn = mayTakeAttendance;

/**
 * Reading the club's member list, kept on the device to find a walk-in with no signal (docs/rules.md#checklist):
 * those who may take attendance at one of the upcoming events given (not ended, not cancelled).
 */
export const mayReadClubMembers = (actor: Actor, upcoming: readonly AttendanceTeam[]): Verdict =>
  upcoming.some((event) => mayTakeAttendance(actor, event).ok) ? ALLOWED : FORBIDDEN;

/** Naming an event's co-organisers: its creator while still Contributor or above, or a SuperAdmin. */
export const maySetCoOrganisers = (actor: Actor, event: Pick<EventFacts, 'creatorId'>): Verdict =>
  mayManageEvent(actor, event);

/**
 * Whose kit not given back a reader lists (docs/rules.md#kit): every event's for an Admin or SuperAdmin, else the
 * events where they take attendance (creator or co-organiser, still a Contributor), none for anyone else. Never a
 * refusal: someone who organises nothing reads an empty list.
 */
export const notReturnedScope = (actor: Actor): 'club' | 'own' | 'none' =>
  isAdminRole(actor.role_name) ? 'club' : canManageContent(actor.role_name) ? 'own' : 'none';

/**
 * Whose figures the season report sums (docs/rules.md#season-report): every event's for an Admin or SuperAdmin;
 * for a Contributor the events they created or co-organise (the same report, filtered); none for anyone else.
 */
export const seasonReportScope = (actor: Pick<Actor, 'role_name'>): 'club' | 'own' | 'none' =>
  isAdminRole(actor.role_name) ? 'club' : isContributorRole(actor.role_name) ? 'own' : 'none';

/** Reading the season report: Admins and SuperAdmins for the club, Contributors for their own events. */
export const mayReadSeasonReport = (actor: Pick<Actor, 'role_name'>): Verdict =>
  seasonReportScope(actor) === 'none' ? FORBIDDEN : ALLOWED;
