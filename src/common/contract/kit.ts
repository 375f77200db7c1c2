import { guestIdField } from './fields';
import type { KitFields } from './kit-of';
import { LIMITS } from './limits';
import { z } from './zod';

/**
 * Kit: several items per booking (docs/rules.md#kit). `stuffs` lists distinct stuff uuids in the order the member
 * chose them, `[]` for own equipment; `uuid_stuff` stays in every payload as `stuffs[0]`.
 */
export const kitField = z.array(z.string().uuid()).max(LIMITS.kitItemsMax);

const hasDistinctItems = (r: KitFields) =>
  r.stuffs === undefined || new Set(r.stuffs).size === r.stuffs.length;
/** Both sent: `uuid_stuff` must be the list's first item (or null for an empty list). */
const agreesWithList = (r: KitFields) =>
  r.stuffs === undefined || r.uuid_stuff === undefined || (r.uuid_stuff ?? null) === (r.stuffs[0] ?? null);

/** The checks every schema that books kit adds: distinct items (400 `stuffs`), and both fields agreeing. */
export function withKitChecks<T extends z.ZodType<KitFields>>(schema: T) {
  return schema
    .refine(hasDistinctItems, { path: ['stuffs'], message: 'each item once' })
    .refine(agreesWithList, { path: ['uuid_stuff'], message: 'the first of stuffs' });
}

/** `PUT /api/event/subscribe/stuffs`: change the kit, keep the place; all of the new kit or nothing. */
export const kitChangeRequestSchema = z
  .object({ uuid_event: z.string().uuid(), uuid_user: z.string().uuid(), stuffs: kitField })
  .refine(hasDistinctItems, { path: ['stuffs'], message: 'each item once' });
export type KitChangeRequest = z.infer<typeof kitChangeRequestSchema>;

/** One booked item's state at the venue, for those who take attendance only. */
export const stuffStateSchema = z.object({
  uuid: z.string(),
  handed_out: z.boolean(),
  returned: z.boolean(),
});
export type StuffState = z.infer<typeof stuffStateSchema>;

/**
 * `PUT /api/event/checklist/stuff`: sets (never toggles) whether a booked item was handed out and returned.
 * `checked_at` is the device's time of the tap, ordered as the ticks are (newest write wins).
 */
export const stuffHandOutRequestSchema = z
  .object({
    event_uuid: z.string().uuid(),
    is_invited: z.boolean(),
    user_id: z.union([z.string().uuid(), guestIdField]),
    uuid_stuff: z.string().uuid(),
    handed_out: z.boolean().optional(),
    returned: z.boolean().optional(),
    checked_at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((c) => (c.is_invited ? typeof c.user_id === 'number' : typeof c.user_id === 'string'), {
    path: ['user_id'],
    message: 'a guest number when is_invited, else a user id',
  })
  .refine((c) => c.handed_out !== undefined || c.returned !== undefined, {
    path: ['handed_out'],
    message: 'handed_out or returned',
  });
export type StuffHandOutRequest = z.infer<typeof stuffHandOutRequestSchema>;

export const stuffHandOutResponseSchema = z.object({
  event_uuid: z.string(),
  is_invited: z.boolean(),
  user_id: z.union([z.string(), z.number()]),
  uuid_stuff: z.string(),
  handed_out: z.boolean(),
  returned: z.boolean(),
  /** The time of the write the row holds (null: never handed out). */
  changed_at: z.string().nullable(),
});
export type StuffHandOutResponse = z.infer<typeof stuffHandOutResponseSchema>;

/** `GET /api/stuff/not-returned`: one item handed out at an ended event and not given back. */
export const notReturnedEntrySchema = z.object({
  event_uuid: z.string(),
  event_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  is_invited: z.boolean(),
  user_id: z.union([z.string(), z.number()]),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The guest's host, for a guest (whom the club calls). */
  host_name: z.string().nullable(),
  uuid_stuff: z.string(),
  stuff_name: z.string(),
  stuff_kind: z.string().nullable(),
  handed_out_at: z.string().nullable(),
});
export type NotReturnedEntry = z.infer<typeof notReturnedEntrySchema>;
export const notReturnedListSchema = z.array(notReturnedEntrySchema);
