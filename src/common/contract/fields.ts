import { ATTENDANCE_STATUSES } from './attendance-status';
import { LIMITS } from './limits';
import { z } from './zod';

/** A required short text: names of people, models, stuff, places (1–100 characters once trimmed). */
export const nameField = z.string().trim().min(1).max(LIMITS.nameMax);
/** A required description (1–500 characters once trimmed). */
export const descriptionField = z.string().trim().min(1).max(LIMITS.descriptionMax);

/** An optional profile text: an empty string clears it (a form's emptied field), else within limits. */
export const optionalText = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().min(min).max(max).nullable(),
  );

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

/** A club day, `yyyy-mm-dd`, that is a real date. */
export const clubDayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  // The round trip, not Date.parse alone: it takes 2026-02-30 and quietly means 2 March.
  .refine((d) => {
    const date = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === d;
  }, 'a date');

export const uuidParam = z.object({ id: z.string().uuid() });
export const okResponseSchema = z.object({ ok: z.literal(true) });

/**
 * A C0 control character a text may not hold (docs/rules.md#limits): every one but tab, LF and CR. PostgreSQL
 * refuses U+0000 in text outright; the others are refused so no screen or mail shows them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
export const FORBIDDEN_CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** A checklist row's status. */
export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);
