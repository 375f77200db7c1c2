import { type Actor, type EventFacts, mayManageEvent, type Verdict } from './events';
import { isAdminRole } from './roles';

const ALLOWED: Verdict = { ok: true };
const FORBIDDEN: Verdict = { ok: false, status: 403, code: 'forbidden', field: null };

/**
 * An event's attendance record (who ticked whom and when, and its CSV): the event's creator while still a
 * Contributor or above, an Admin or a SuperAdmin (issue 12) — admins answer to the federation for every event.
 */
export const mayReadAttendance = (actor: Actor, event: Pick<EventFacts, 'creatorId'>): Verdict =>
  isAdminRole(actor.role_name) ? ALLOWED : mayManageEvent(actor, event);

/** The season report, the club's figures over every event: Admins and SuperAdmins. */
export const mayReadSeasonReport = (actor: Actor): Verdict =>
  isAdminRole(actor.role_name) ? ALLOWED : FORBIDDEN;
