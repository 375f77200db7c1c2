import { clubDateTime, clubDayOf, clubTimeOf, shiftDay } from '@common/rules/club-time';

const HOUR_MS = 3_600_000;
/** Reminders (docs/rules.md#reminders): 24 h before by default; the club setting takes 0 (off) or 1–72. */
const QUIET_FROM = '21:00';
const QUIET_UNTIL = '08:00';
const LAST_BEFORE_QUIET = '20:59';

/** Nothing is sent between 21:00 and 08:00 club time. */
export function isQuietTime(at: Date, timeZone: string): boolean {
  const time = clubTimeOf(at, timeZone);
  return time >= QUIET_FROM || time < QUIET_UNTIL;
}

/**
 * When the reminder of an event starting at `start` goes out: `hours` before, or, when that falls in the
 * quiet hours, at the 08:00 that ends them — unless the event starts by then, in which case at 20:59 the
 * evening before that 08:00.
 */
export function reminderDueAt(start: Date, hours: number, timeZone: string): Date {
  const due = new Date(start.getTime() - hours * HOUR_MS);
  if (!isQuietTime(due, timeZone)) return due;
  const day = clubDayOf(due, timeZone);
  const morningDay = clubTimeOf(due, timeZone) >= QUIET_FROM ? shiftDay(day, 1) : day;
  const morning = clubDateTime(morningDay, QUIET_UNTIL, timeZone);
  if (morning.getTime() < start.getTime()) return morning;
  return clubDateTime(shiftDay(morningDay, -1), LAST_BEFORE_QUIET, timeZone);
}

/** How far back from an event its reminder can move (hours, plus a night of quiet hours): what to look ahead. */
export const lookAheadMs = (hours: number) => (hours + 13) * HOUR_MS;
