/**
 * Who's coming (docs/rules.md#events): who sees the list of an event's members, and who sees through a
 * member's choice to be hidden. The server shapes every event answer with these (event-view.ts); the sheet
 * reads the same rules to say why a list is short.
 */

import { type AttendanceTeam, mayReadAttendance } from './attendance';
import type { Actor } from './events';

/** Those who may take attendance always see the names, hidden members included. */
export const seesEveryName = (actor: Actor, event: AttendanceTeam): boolean =>
  mayReadAttendance(actor, event).ok;

/** Members see who's coming while the club's `show_attendees` is on (the default). */
export const seesAttendees = (actor: Actor, event: AttendanceTeam, showAttendees: boolean): boolean =>
  showAttendees || seesEveryName(actor, event);
