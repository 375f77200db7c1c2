import { ATTENDANCE_STATUSES } from './attendance-status';
import { LIMITS } from './limits';
import { z } from './zod';

/**
 * A C0 control character a text may not hold (docs/rules.md#limits): every one but tab, LF and CR. PostgreSQL
 * refuses U+0000 in text outright; the others are refused so no screen or mail shows them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
export const FORBIDDEN_CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * What a name may not hold besides those (docs/rules.md#limits): a C1 control (U+0080–U+009F) or a
 * bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069). With one, a name shows
 * reversed or disguised in the lists, the mails and the CSV exports that print it.
 */
export const FORBIDDEN_NAME_CHARACTER = /[\u0080-\u009F\u202A-\u202E\u2066-\u2069]/;

/**
 * Checked in the contract, not only by the server's body hook, so the forms that parse with these schemas
 * refuse such a name before sending it.
 */
export const isCleanName = (text: string): boolean =>
  !FORBIDDEN_NAME_CHARACTER.test(text) && !FORBIDDEN_CONTROL_CHARACTER.test(text);
const CLEAN_NAME = 'no control or bidirectional formatting characters';

/**
 * A required name: of a person (first, last, a guest's, a walk-in's), a model, a stuff (1–100 characters once
 * trimmed, no control or bidirectional formatting character).
 */
export const nameField = z.string().trim().min(1).max(LIMITS.nameMax).refine(isCleanName, CLEAN_NAME);
/** A required description (1–500 characters once trimmed). */
export const descriptionField = z.string().trim().min(1).max(LIMITS.descriptionMax);

/** A form's emptied field clears the value. */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional profile text: an empty string clears it (a form's emptied field), else within limits. */
export const optionalText = (min: number, max: number) =>
  z.preprocess(blankAsNull, z.string().trim().min(min).max(max).nullable());

/** An optional name (a member's first or last name, an event's title): as optionalText, and clean as nameField. */
export const optionalName = (max: number) =>
  z.preprocess(blankAsNull, z.string().trim().min(1).max(max).refine(isCleanName, CLEAN_NAME).nullable());

export const phoneField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    .max(LIMITS.phoneMax)
    .regex(/^[0-9 +]+$/)
    .nullable(),
);

/** The largest value of a PostgreSQL `integer` column: past it the database would fail (a 500), not refuse. */
export const DB_INTEGER_MAX = 2_147_483_647;
/** A guest's number (a database serial), as the invite, delete-invitation and checklist requests carry it. */
export const guestIdField = z.number().int().positive().max(DB_INTEGER_MAX);

/** Days in each month of a common year; February gains one in a leap year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `yyyy-mm-dd` (digits already checked) names a day of the Gregorian calendar. Worked out without a
 * Date: every week read checks two of them.
 */
function isCalendarDay(day: string): boolean {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = (MONTH_DAYS[month - 1] ?? 0) + (month === 2 && isLeap ? 1 : 0);
  return date >= 1 && date <= days;
}

/** A club day, `yyyy-mm-dd`, that is a real date. */
export const clubDayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  // A day of its month, not Date.parse alone: it takes 2026-02-30 and quietly means 2 March.
  .refine(isCalendarDay, 'a date');

/** Oldest birth date taken, in years before today (docs/rules.md#families). */
export const BIRTH_YEARS_MAX = 120;

/** A birth date, `yyyy-mm-dd`: a real date, not after today (UTC) nor more than 120 years before it. */
export const birthDateField = clubDayField.refine((day) => {
  const today = new Date().toISOString().slice(0, 10);
  const oldest = `${Number(today.slice(0, 4)) - BIRTH_YEARS_MAX}${today.slice(4)}`;
  return day <= today && day >= oldest;
}, 'a birth date between 120 years ago and today');

export const uuidParam = z.object({ id: z.string().uuid() });
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** A checklist row's status. */
export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);
