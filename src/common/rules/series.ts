/**
 * Training series (docs/rules.md#series): which club days a rule gives, shared by the server (which creates
 * the sessions) and the event form (whose preview counts them), so the two never disagree.
 *
 * The rule is RFC 5545's, computed by `rrule` on "floating" times: each date is a club wall-clock date
 * written as if it were UTC, so the library never meets a clock change; each session's instant is then
 * the club zone's reading of that wall-clock time (club-time.ts). 19:00 stays 19:00 across the last
 * Sunday of March and of October.
 */

import { SERIES_MAX_SESSIONS, WEEKDAYS, type Weekday } from '@common/contract/series';
import * as rruleModule from 'rrule';
import { clubDateTime } from './club-time';
import { type Actor, mayManageEvent, type Verdict } from './events';

// rrule ships CommonJS for Node and ES modules for bundlers: the classes sit on `default` in the first.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

export interface Recurrence {
  weekdays: Weekday[];
  interval_weeks: number;
  /** The last club day a session may fall on (`yyyy-mm-dd`), inclusive; or… */
  until?: string;
  /** …the number of sessions. */
  count?: number;
  /** Days of the rule that get no session. */
  except_dates?: string[];
}

const floating = (day: string, time = '00:00'): Date => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(year, month - 1, date, hour, minute));
};

/**
 * The club days (`yyyy-mm-dd`) the rule gives, from `firstDay` on (itself included when its weekday is
 * in the rule), in order, before any exception. Stops one past the cap, so a caller can tell a rule that
 * gives too many.
 */
function ruleDays(firstDay: string, recurrence: Recurrence): string[] {
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: recurrence.interval_weeks,
    byweekday: recurrence.weekdays.map((d) => WEEKDAYS.indexOf(d)),
    wkst: 0,
    dtstart: floating(firstDay),
    ...(recurrence.until ? { until: floating(recurrence.until, '23:59') } : {}),
    ...(recurrence.count ? { count: recurrence.count } : {}),
  });
  return rule.all((_, i) => i <= SERIES_MAX_SESSIONS).map((d) => d.toISOString().slice(0, 10));
}

/** The sessions' club days: the rule's, less the exceptions. */
export function sessionDays(firstDay: string, recurrence: Recurrence): string[] {
  const skipped = new Set(recurrence.except_dates ?? []);
  return ruleDays(firstDay, recurrence).filter((day) => !skipped.has(day));
}

/** Exceptions that are not days of the rule (a typo, a date past its end): refused, not ignored. */
export function exceptionsOutside(firstDay: string, recurrence: Recurrence): string[] {
  const days = new Set(ruleDays(firstDay, recurrence));
  return (recurrence.except_dates ?? []).filter((day) => !days.has(day));
}

/** Each session's start instant: the day of the rule at the club wall-clock `time` (`HH:mm`). */
export function sessionStarts(
  firstDay: string,
  time: string,
  recurrence: Recurrence,
  timeZone: string,
): Date[] {
  return sessionDays(firstDay, recurrence).map((day) => clubDateTime(day, time, timeZone));
}

/**
 * Changing or cancelling "this session and the following": whoever manages an event manages the series
 * (its creator while Contributor or above, or a SuperAdmin). Each session is then checked as a single
 * update would be (a past one is never changed).
 */
export const mayManageSeries = (actor: Actor, series: { creatorId: string }): Verdict =>
  mayManageEvent(actor, series);
