import { dossierReasonSchema } from './dossier';
import { CAPACITY_REFINEMENT, eventFieldsSchema, eventSchema, hasCapacity } from './event';
import { clubDayField, optionalText } from './fields';
import { kitField, withKitChecks } from './kit';
import { LIMITS } from './limits';
import { z } from './zod';

/**
 * Training series (docs/rules.md#series). New paths; the existing ones stay as they are. A series is a rule
 * and its sessions, each an ordinary event (same API, same rules, own places, waiting list, guests,
 * checklist).
 */
export const SERIES_PATH = '/api/event/series';
export const seriesPath = (uuidSeries: string) => `${SERIES_PATH}/${uuidSeries}`;
export const seriesSubscribePath = (uuidSeries: string) => `${SERIES_PATH}/${uuidSeries}/subscribe`;

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** At most this many sessions in one series. */
export const SERIES_MAX_SESSIONS = 100;

/** Weekdays, every N weeks, until a club day (inclusive) or a number of sessions — exactly one of the two. */
export const recurrenceSchema = z
  .object({
    weekdays: z
      .array(z.enum(WEEKDAYS))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'each weekday once'),
    interval_weeks: z.number().int().min(1).max(52),
    until: clubDayField.optional(),
    count: z.number().int().min(1).max(SERIES_MAX_SESSIONS).optional(),
    /**
     * Additive: club days the rule gives that get no session (school holidays, a bank holiday). As RFC 5545's
     * EXDATE, they are taken out after the rule is counted; each must be one of its days.
     */
    except_dates: z
      .array(clubDayField)
      .max(SERIES_MAX_SESSIONS)
      .refine((days) => new Set(days).size === days.length, 'each date once')
      .optional(),
  })
  .refine((r) => (r.until === undefined) !== (r.count === undefined), {
    path: ['until'],
    message: 'until or count, one of the two',
  });
export type RecurrenceInput = z.infer<typeof recurrenceSchema>;

/**
 * `POST /api/event/series`: the event fields of add-or-update (the first session's start and end give
 * every session's wall-clock time and duration) plus the rule. Answers the series and its sessions.
 */
export const seriesCreateSchema = eventFieldsSchema
  .omit({ uuid_event: true, is_cancelled: true })
  .extend({ recurrence: recurrenceSchema })
  .refine(hasCapacity, CAPACITY_REFINEMENT);
export type SeriesCreate = z.infer<typeof seriesCreateSchema>;

export const seriesSchema = z.object({
  uuid_series: z.string(),
  creator_id: z.string(),
  recurrence: z.object({
    weekdays: z.array(z.enum(WEEKDAYS)),
    interval_weeks: z.number().int(),
    until: z.string().nullable(),
    count: z.number().int().nullable(),
    /** The days skipped when the series was made; optional to readers of older servers. */
    except_dates: z.array(z.string()).optional(),
  }),
  /** Every session, past ones included, by start. */
  sessions: z.array(eventSchema),
});
export type Series = z.infer<typeof seriesSchema>;

const clubTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');

/**
 * `PUT /api/event/series/{uuid}`: changes applied to `from_uuid_event` and every later session of the
 * series, never to past ones ("this session and the following"). A time is a club wall-clock time.
 */
export const seriesUpdateSchema = z
  .object({
    from_uuid_event: z.string().uuid(),
    start_time: clubTime.optional(),
    duration_minutes: z
      .number()
      .int()
      .min(1)
      .max(14 * 24 * 60)
      .optional(),
    street: eventFieldsSchema.shape.street,
    city: eventFieldsSchema.shape.city,
    zip_code: eventFieldsSchema.shape.zip_code,
    location: eventFieldsSchema.shape.location,
    max_subscribers: z.number().int().min(LIMITS.maxSubscribersMin).max(LIMITS.maxSubscribersMax).optional(),
    subscriber_is_infinite: z.boolean().optional(),
    stuffs_available: z
      .array(z.object({ uuid: z.string().uuid() }))
      .max(100)
      .optional(),
    is_cancelled: z.boolean().optional(),
    /** The sessions' own title and notes (empty clears them), and their co-organisers. */
    title: eventFieldsSchema.shape.title,
    notes: eventFieldsSchema.shape.notes,
    meeting_point: eventFieldsSchema.shape.meeting_point,
    co_organisers: z.array(z.string().uuid()).max(LIMITS.coOrganisersMax).optional(),
    /** With `is_cancelled` true: the organiser's word, in the one mail and push each member gets. */
    cancel_message: optionalText(1, LIMITS.cancelMessageMax).optional(),
  })
  .refine((u) => Object.keys(u).some((key) => key !== 'from_uuid_event'), {
    path: ['from_uuid_event'],
    message: 'at least one change',
  });
export type SeriesUpdate = z.infer<typeof seriesUpdateSchema>;

/** `PUT /api/event/series/{uuid}/subscribe`: join (or leave) every upcoming session at once. */
export const seriesSubscribeSchema = withKitChecks(
  z.object({
    uuid_user: z.string().uuid(),
    subscribe: z.boolean(),
    uuid_stuff: z.string().uuid().optional(),
    /** The kit booked at every session where it is still there (docs/rules.md#kit). */
    stuffs: kitField.optional(),
  }),
);
export type SeriesSubscribe = z.infer<typeof seriesSubscribeSchema>;

/** What happened at one session: each is decided alone, with the same locked transaction as a single subscribe. */
export const SESSION_OUTCOMES = [
  'subscribed',
  'waiting',
  'already',
  'unsubscribed',
  'left_waiting_list',
  'refused',
] as const;
export const seriesSubscribeAnswerSchema = z.object({
  uuid_series: z.string(),
  sessions: z.array(
    z.object({
      uuid_event: z.string(),
      start_date: z.string(),
      outcome: z.enum(SESSION_OUTCOMES),
      /** The refusal's error code (`event_full` when the waiting list is refused too, …); null otherwise. */
      code: z.string().nullable(),
      /**
       * Additive: with `dossier_incomplete`, what the member's file lacks for this session; with `subscribed` or
       * `waiting` under a model that warns, what it lacks all the same (docs/rules.md#members-file).
       */
      reasons: z.array(dossierReasonSchema).optional(),
    }),
  ),
});
export type SeriesSubscribeAnswer = z.infer<typeof seriesSubscribeAnswerSchema>;
