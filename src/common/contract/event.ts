import { stuffSchema } from './catalog';
import { dossierReasonSchema, dossierSchema, enforcementSchema, requirementsSchema } from './dossier';
import { attendanceStatusSchema, clubDayField, optionalName, optionalText } from './fields';
import { stuffStateSchema } from './kit';
import { LIMITS } from './limits';
import { walkInEntrySchema } from './walk-in';
import { z } from './zod';

/** Maps links the app builds (docs/rules.md#limits): an https link on one of these hosts, or nothing. */
export const MAPS_HOSTS = [
  'www.google.com',
  'google.com',
  'maps.google.com',
  'www.openstreetmap.org',
  'openstreetmap.org',
  'maps.apple.com',
];

const locationField = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && MAPS_HOSTS.includes(url.hostname);
    } catch {
      return false;
    }
  }, 'an https maps link');

const instant = z.iso.datetime({ offset: true });

/** The fields of an event as its form sends them (also the fields of a new series, contract/series.ts). */
export const eventFieldsSchema = z.object({
  uuid_event: z.string().uuid().optional(),
  uuid_model_event: z.string().uuid(),
  start_date: instant,
  end_date: instant,
  street: optionalText(1, LIMITS.nameMax).optional(),
  city: optionalText(1, LIMITS.nameMax).optional(),
  zip_code: optionalText(LIMITS.zipMin, LIMITS.zipMax).optional(),
  location: locationField.optional(),
  max_subscribers: z.number().int().min(LIMITS.maxSubscribersMin).max(LIMITS.maxSubscribersMax).optional(),
  subscriber_is_infinite: z.boolean().default(false),
  is_cancelled: z.boolean().default(false),
  stuffs_available: z
    .array(z.object({ uuid: z.string().uuid() }))
    .max(100)
    .default([]),
  /**
   * Additive: the event's own words, shown instead of the model's name and description. Absent keeps them as
   * they are (older clients never send them); an empty string clears them.
   */
  title: optionalName(LIMITS.eventTitleMax).optional(),
  notes: optionalText(1, LIMITS.eventNotesMax).optional(),
  /**
   * Additive: where members meet (the shed, the slipway…), one clean line as a title is since mails and pushes
   * show it; absent keeps it, an empty string clears it.
   */
  meeting_point: optionalName(LIMITS.meetingPointMax).optional(),
});

/** A place count is given unless the event takes anyone. */
export const hasCapacity = (e: { subscriber_is_infinite: boolean; max_subscribers?: number | undefined }) =>
  e.subscriber_is_infinite || e.max_subscribers !== undefined;
export const CAPACITY_REFINEMENT = { path: ['max_subscribers'], message: 'required unless infinite' };

/**
 * `POST /api/event/add-or-update`: creates when `uuid_event` is absent. `creator` comes from the token.
 * `co_organisers` (additive): user ids who may take attendance too; absent keeps them as they are.
 */
export const eventInputSchema = eventFieldsSchema
  .extend({
    co_organisers: z.array(z.string().uuid()).max(LIMITS.coOrganisersMax).optional(),
    /** Additive: the organiser's word to those told of a cancellation; ignored otherwise. */
    cancel_message: optionalText(1, LIMITS.cancelMessageMax).optional(),
  })
  .refine(hasCapacity, CAPACITY_REFINEMENT);
export type EventInput = z.infer<typeof eventInputSchema>;

/**
 * Who's coming (docs/rules.md#events), additive to the original entries: the member's names and thumbnail. A
 * member who chose to be hidden reaches other members with `is_hidden`, an `id` that names nobody and empty
 * names (the app shows « Un membre »); organisers get everything. Optional to readers: a server from before
 * them answers without, and the app shows the username.
 */
const personFields = {
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  thumbnail_url: z.string().nullable().optional(),
  is_hidden: z.boolean().optional(),
  /** The member deleted their account; shown as « Membre supprimé », no name, no picture. */
  is_deleted: z.boolean().optional(),
};

/** A minor's guardian as those who take attendance read them (docs/rules.md#families): a phone to call. */
export const venueGuardianSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
});
export type VenueGuardian = z.infer<typeof venueGuardianSchema>;

export const subscriberEntrySchema = z.object({
  id: z.string(),
  uuid: z.string(),
  uuid_event: z.string(),
  username: z.string(),
  stuff_name: z.string(),
  uuid_stuff: z.string().nullable(),
  /** The whole kit, `uuid_stuff` first (docs/rules.md#kit); optional to readers of older servers and caches. */
  stuffs: z.array(z.string()).optional(),
  /** Handed out and returned, per booked item: for those who take attendance only, never in the week read. */
  stuffs_state: z.array(stuffStateSchema).optional(),
  is_checked: z.boolean(),
  /** Additive; optional to readers of older servers and caches. */
  status: attendanceStatusSchema.optional(),
  ...personFields,
  /**
   * For those who take attendance only, on `GET /api/event/{id}`, never in the week read: the member is a
   * minor, their unrestricted guardians with phones, and the consents for the venue (null: not given).
   */
  is_minor: z.boolean().optional(),
  guardians: z.array(venueGuardianSchema).optional(),
  consents: z
    .object({ transport: z.boolean().nullable(), emergency_care: z.boolean().nullable() })
    .optional(),
  /**
   * For those who take attendance only, when the model requires a file: its status on the event's first club
   * day, as an organiser may read it (docs/rules.md#members-file); the phone caches only this.
   */
  dossier: dossierSchema.optional(),
});
export type SubscriberEntry = z.infer<typeof subscriberEntrySchema>;

export const inviteEntrySchema = z.object({
  id: z.number().int(),
  uuid_event: z.string(),
  uuid_user: z.string(),
  uuid_stuff: z.string().nullable(),
  stuffs: z.array(z.string()).optional(),
  stuffs_state: z.array(stuffStateSchema).optional(),
  first_name: z.string(),
  last_name: z.string(),
  is_checked: z.boolean(),
  status: attendanceStatusSchema.optional(),
});

export const waitingEntrySchema = z.object({
  uuid_user: z.string(),
  username: z.string(),
  created_at: z.string(),
  uuid_event: z.string(),
  uuid_stuff: z.string().nullable(),
  /** The kit wished for; optional to readers of older servers. */
  stuffs: z.array(z.string()).optional(),
  ...personFields,
  /** The place in line, 1 for the next promoted; kept when the others are not shown. */
  position: z.number().int().min(1).optional(),
});

export type WaitingEntry = z.infer<typeof waitingEntrySchema>;

export const eventStuffSchema = stuffSchema.extend({ available: z.number().int().nullable() });

export const eventSchema = z.object({
  uuid_event: z.string(),
  uuid_model_event: z.string(),
  model_name: z.string(),
  model_description: z.string(),
  creator: z.object({ id: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() }),
  start_date: z.string(),
  end_date: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  location: z.string(),
  max_subscribers: z.number().int(),
  subcribers_count: z.number().int(),
  subscriber_is_infinite: z.boolean(),
  is_cancelled: z.boolean(),
  stuffs_available: z.array(eventStuffSchema),
  subscribers_with_stuff: z.array(subscriberEntrySchema),
  waiting_list: z.array(waitingEntrySchema),
  invite_list: z.array(inviteEntrySchema),
  /** The training series the event is a session of; null for a one-off. */
  uuid_series: z.string().nullable(),
  /** The event's own title and notes, null when the model's name and description stand. */
  title: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  /** Where members meet, shown to every member like the notes; null when none, absent from older servers. */
  meeting_point: z.string().nullable().optional(),
  /**
   * A cancelled event's word from its organiser, as told by mail (docs/rules.md#events); null when none or
   * not cancelled, absent from servers and caches from before it.
   */
  cancel_message: z.string().nullable().optional(),
  /** Who else may take attendance, user ids; optional to readers of servers from before it. */
  co_organisers: z.array(z.string()).optional(),
  /**
   * Who came without registering. Those who take attendance see them all, anyone else only their own;
   * optional to readers of older servers.
   */
  walk_ins: z.array(walkInEntrySchema).optional(),
  /**
   * True when the club keeps the list of who's coming for organisers (`show_attendees` off) and this answer
   * therefore names only the reader and their guests; the counts stay right.
   */
  attendees_limited: z.boolean().optional(),
  /**
   * Comments in the event's thread (docs/rules.md#talking-around-an-event). A comment does not move the week's
   * data version, so a cached week may show an older count; optional to readers of older servers.
   */
  comments_count: z.number().int().optional(),
  /** The model's requirements of members' files (docs/rules.md#members-file); null or absent: none. */
  requirements: requirementsSchema.nullable().optional(),
  enforcement: enforcementSchema.optional(),
  /**
   * The reader's own file on the event's first club day, when the event requires one; null when it requires
   * none. The member sees why before subscribing.
   */
  my_dossier: dossierSchema.nullable().optional(),
  /** On a subscribe or waiting-list answer under `warn`: what the member's file lacks. */
  warnings: z.array(dossierReasonSchema).optional(),
});
export type EventDto = z.infer<typeof eventSchema>;

/** `GET /api/event/organisers`: who an event form may name co-organiser, by name only. */
export const organiserSchema = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type Organiser = z.infer<typeof organiserSchema>;
export const ORGANISERS_PATH = '/api/event/organisers';

/**
 * `GET /api/event/model-start/{uuid_model_event}`: what a new event of this model starts from, the last one
 * of it (not cancelled, when there is one): place, places, equipment, club-local start time and duration.
 * `last` is null for a model with no event yet.
 */
export const modelStartSchema = z.object({
  last: z
    .object({
      street: z.string().nullable(),
      city: z.string().nullable(),
      zip_code: z.string().nullable(),
      location: z.string(),
      /** Where members met last time; optional to readers of older servers. */
      meeting_point: z.string().nullable().optional(),
      max_subscribers: z.number().int(),
      subscriber_is_infinite: z.boolean(),
      stuffs_available: z.array(z.object({ uuid: z.string() })),
      /** `HH:mm` in the club's zone. */
      start_time: z.string(),
      duration_minutes: z.number().int(),
    })
    .nullable(),
});
export type ModelStart = z.infer<typeof modelStartSchema>;
export const modelStartPath = (uuidModel: string) => `/api/event/model-start/${uuidModel}`;

export const eventRangeParamsSchema = z.object({ from: clubDayField, to: clubDayField });
