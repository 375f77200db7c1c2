/**
 * The "Répéter" section's values, and what they give: the rule the API takes and the live preview. The
 * preview counts with `sessionDays` from common/rules, the very function the server creates the sessions
 * with, so the number shown is the number made.
 */
import { type RecurrenceInput, SERIES_MAX_SESSIONS, WEEKDAYS, type Weekday } from '@common/contract/series';
import { exceptionsOutside, sessionDays } from '@common/rules/series';

export interface RepeatValues {
  isOn: boolean;
  weekdays: Weekday[];
  intervalWeeks: string;
  endMode: 'until' | 'count';
  until: string;
  count: string;
  /** Days of the rule to skip (school holidays, a bank holiday), `yyyy-mm-dd`. */
  exceptDates: string[];
}

export const REPEAT_OFF: RepeatValues = {
  isOn: false,
  weekdays: [],
  intervalWeeks: '1',
  endMode: 'until',
  until: '',
  count: '10',
  exceptDates: [],
};

const MAX_INTERVAL = 52;

const wholeNumber = (text: string, min: number, max: number): number | null => {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

/** The rule the API takes; null while a part is missing or out of range (the preview says which). */
export function toRecurrence(repeat: RepeatValues): RecurrenceInput | null {
  const interval = wholeNumber(repeat.intervalWeeks, 1, MAX_INTERVAL);
  if (interval === null || repeat.weekdays.length === 0) return null;
  // Kept in the week's order, whatever order the chips were pressed in.
  const weekdays = WEEKDAYS.filter((d) => repeat.weekdays.includes(d));
  const except = repeat.exceptDates.length > 0 ? { except_dates: [...repeat.exceptDates].sort() } : {};
  if (repeat.endMode === 'until')
    return repeat.until ? { weekdays, interval_weeks: interval, until: repeat.until, ...except } : null;
  const count = wholeNumber(repeat.count, 1, SERIES_MAX_SESSIONS);
  return count === null ? null : { weekdays, interval_weeks: interval, count, ...except };
}

export type RepeatPreview =
  | { kind: 'needs_start' | 'needs_interval' | 'needs_until' | 'needs_count' | 'empty' | 'too_many' }
  /** Skipped days that are not days of the rule; the server would refuse them. */
  | { kind: 'skip_outside'; outside: string[] }
  | { kind: 'ok'; count: number; first: string; last: string; skipped: number };

/** What the rule gives from the first session's day; only `ok` may be sent. */
export function repeatPreview(startDay: string, repeat: RepeatValues): RepeatPreview {
  if (!startDay) return { kind: 'needs_start' };
  if (wholeNumber(repeat.intervalWeeks, 1, MAX_INTERVAL) === null) return { kind: 'needs_interval' };
  if (repeat.weekdays.length === 0) return { kind: 'empty' };
  if (repeat.endMode === 'until' && !repeat.until) return { kind: 'needs_until' };
  // A count above the cap is "too many", like a date too far: the same message for the same limit.
  if (repeat.endMode === 'count' && wholeNumber(repeat.count, 1, Number.MAX_SAFE_INTEGER) === null)
    return { kind: 'needs_count' };
  if (repeat.endMode === 'count' && Number(repeat.count) > SERIES_MAX_SESSIONS) return { kind: 'too_many' };
  const recurrence = toRecurrence(repeat);
  if (!recurrence) return { kind: 'empty' };
  const outside = exceptionsOutside(startDay, recurrence);
  if (outside.length > 0) return { kind: 'skip_outside', outside };
  const days = sessionDays(startDay, recurrence);
  if (days.length > SERIES_MAX_SESSIONS) return { kind: 'too_many' };
  const [first, last] = [days[0], days.at(-1)];
  if (first === undefined || last === undefined) return { kind: 'empty' };
  return { kind: 'ok', count: days.length, first, last, skipped: repeat.exceptDates.length };
}
