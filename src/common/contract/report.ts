import { clubDayField } from './fields';
import { z } from './zod';

/**
 * The season report (docs/rules.md#season-report): per model and per month, between two club days. Admins
 * only.
 */
export const SEASON_REPORT_PATH = '/api/report/season';
export const SEASON_REPORT_CSV_PATH = '/api/report/season.csv';

/** At most two years in one report: `to` no later than the same day two years after `from`. */
const isWithinTwoYears = (from: string, to: string) =>
  to <= `${Number(from.slice(0, 4)) + 2}${from.slice(4)}`;

export const seasonReportQuerySchema = z
  .object({ from: clubDayField, to: clubDayField })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'on or after from' })
  .refine((q) => isWithinTwoYears(q.from, q.to), {
    path: ['to'],
    message: 'at most two years',
  });
export type SeasonReportQuery = z.infer<typeof seasonReportQuerySchema>;

/**
 * The figures of a group of events. `events` are those held (not cancelled), `cancelled_events` apart;
 * `places_offered` sums the places of held events with a limit (an unlimited event offers none);
 * `subscriptions`, `guests` and `promotions` (members moved from the waiting list) count at held events;
 * `walk_ins` counts those who came without registering, at held events; `attended` of `participants`
 * (subscribers, guests and walk-ins who came) at held events that have ended, and their ratio (null when none
 * has ended).
 */
export const reportFiguresSchema = z.object({
  events: z.number().int(),
  cancelled_events: z.number().int(),
  places_offered: z.number().int(),
  subscriptions: z.number().int(),
  guests: z.number().int(),
  promotions: z.number().int(),
  /** Additive. */
  walk_ins: z.number().int(),
  attended: z.number().int(),
  participants: z.number().int(),
  attendance_rate: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

/** The counted figures, in the order the table and the CSV show them (the rate follows). */
export const REPORT_FIGURES = [
  'events',
  'cancelled_events',
  'places_offered',
  'subscriptions',
  'guests',
  'promotions',
  'walk_ins',
  'attended',
  'participants',
] as const;

export const reportRowSchema = reportFiguresSchema.extend({
  model_uuid: z.string(),
  model_name: z.string(),
  /** The club month of the events' start, `yyyy-mm`. */
  month: z.string(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/**
 * Kit use over the season (docs/rules.md#season-report): per stuff, how many times it was booked at held events
 * (subscribers and guests), and how many of those were handed out at the venue.
 */
export const reportKitRowSchema = z.object({
  stuff_uuid: z.string(),
  stuff_name: z.string(),
  stuff_kind: z.string().nullable(),
  booked: z.number().int(),
  handed_out: z.number().int(),
});
export type ReportKitRow = z.infer<typeof reportKitRowSchema>;

export const seasonReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(reportRowSchema),
  totals: reportFiguresSchema,
  /** Additive; optional to readers of older servers and caches. */
  kit: z.array(reportKitRowSchema).optional(),
});
export type SeasonReport = z.infer<typeof seasonReportSchema>;

export const seasonReportCsvPath = (query: SeasonReportQuery) =>
  `${SEASON_REPORT_CSV_PATH}?from=${query.from}&to=${query.to}`;
export const seasonReportPath = (query: SeasonReportQuery) =>
  `${SEASON_REPORT_PATH}?from=${query.from}&to=${query.to}`;
