/**
 * Who may do what in an event's thread (docs/rules.md#talking-around-an-event). The server's comment service and
 * the sheet's thread call the same functions, so the app offers edit and delete only where the server allows them.
 */
import { type AttendanceTeam, mayTakeAttendance } from './attendance';
import type { Actor, Verdict } from './events';

const ALLOWED: Verdict = { ok: true };
const FORBIDDEN: Verdict = { ok: false, status: 403, code: 'forbidden', field: null };

/** Days after an event ends during which its thread still takes new comments and edits. */
export const THREAD_OPEN_DAYS = 7;
const DAY_MS = 86_400_000;

/** Writing or editing: until THREAD_OPEN_DAYS after the event's end, cancelled or not; then 409 `thread_closed`. */
export function isThreadOpen(eventEnd: Date | string, now: Date): boolean {
  return now.getTime() <= new Date(eventEnd).getTime() + THREAD_OPEN_DAYS * DAY_MS;
}

/** Editing a comment: its author only, the account that wrote it (a guardian's for a child included). */
export const mayEditComment = (actor: Pick<Actor, 'id'>, comment: { authorId: string | null }): Verdict =>
  comment.authorId !== null && comment.authorId === actor.id ? ALLOWED : FORBIDDEN;

/** Deleting a comment: its author, those who take attendance for the event, an Admin (always allowed, even closed). */
export function mayDeleteComment(
  actor: Actor,
  comment: { authorId: string | null },
  event: AttendanceTeam,
): Verdict {
  if (mayEditComment(actor, comment).ok) return ALLOWED;
  return mayTakeAttendance(actor, event);
}
