import { attendanceStatusSchema, guestIdField, nameField } from './fields';
import { kitField, withKitChecks } from './kit';
import { LIMITS } from './limits';
import { z } from './zod';

export const subscribeRequestSchema = withKitChecks(
  z.object({
    uuid_event: z.string().uuid(),
    uuid_user: z.string().uuid(),
    uuid_stuff: z.string().uuid().nullable().optional(),
    /** The kit (docs/rules.md#kit); absent: `uuid_stuff` alone, one item or own equipment. */
    stuffs: kitField.optional(),
    subscribe: z.boolean(),
    /**
     * Those who may take attendance subscribe a member whose file blocks (docs/rules.md#members-file);
     * audited with `acted_by`. Ignored on an unsubscribe.
     */
    override: z.boolean().optional(),
  }),
);
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const waitingListRequestSchema = withKitChecks(
  z.object({
    uuid_event: z.string().uuid(),
    uuid_user: z.string().uuid(),
    uuid_stuff: z.string().uuid().nullable().optional(),
    /** The kit wished for, booked at promotion where still there. */
    stuffs: kitField.optional(),
  }),
);
export type WaitingListRequest = z.infer<typeof waitingListRequestSchema>;

/** `PUT /api/event/decline` (docs/rules.md#subscriptions): true answers "not coming", false takes it back. */
export const declineRequestSchema = z.object({
  uuid_event: z.string().uuid(),
  uuid_user: z.string().uuid(),
  decline: z.boolean(),
});
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

/** One "not coming" answer: the member's own (`my-declines`), or an event's for those who take attendance. */
export const declineEntrySchema = z.object({
  uuid_event: z.string(),
  uuid_user: z.string(),
  username: z.string(),
  /** The member's names, so organisers list « Ne viennent pas » by name; optional to older servers and caches. */
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  declined_at: z.string(),
});
export type DeclineEntry = z.infer<typeof declineEntrySchema>;

const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Guests (docs/rules.md#guests): empty values may be omitted; `id` present means update. */
export const guestRequestSchema = withKitChecks(
  z.object({
    id: guestIdField.optional(),
    uuid_event: z.string().uuid(),
    uuid_user: z.string().uuid(),
    first_name: nameField,
    last_name: nameField,
    age: z.preprocess(emptyAsUndefined, z.number().int().min(0).max(LIMITS.guestAgeMax).optional()),
    email: z.preprocess(emptyAsUndefined, z.string().trim().max(254).email().optional()),
    phone: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .max(LIMITS.phoneMax)
        .regex(/^[0-9 +]+$/)
        .optional(),
    ),
    uuid_stuff: z.preprocess(emptyAsUndefined, z.string().uuid().optional()),
    /** The guest's kit; absent: `uuid_stuff` alone, one item or own equipment (on an update too, as before). */
    stuffs: kitField.optional(),
  }),
);
export type GuestRequest = z.infer<typeof guestRequestSchema>;

export const guestSchema = z.object({
  id: z.number().int(),
  uuid_event: z.string(),
  uuid_user: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  age: z.number().int().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  uuid_stuff: z.string().nullable(),
  /** The guest's kit, `uuid_stuff` first; optional to readers of older servers. */
  stuffs: z.array(z.string()).optional(),
  is_checked: z.boolean(),
  status: attendanceStatusSchema.optional(),
});

export type Guest = z.infer<typeof guestSchema>;

export const deleteInvitationSchema = z.object({
  id: guestIdField,
  uuid_event: z.string().uuid(),
});

/**
 * Sets (never toggles) a check; `user_id` is the member's id, or the guest's number when `is_invited`.
 * A write sends `is_checked` (older clients: true is present, false absent) or `status`; with both, the
 * status decides.
 */
export const checklistRequestSchema = z
  .object({
    event_uuid: z.string().uuid(),
    is_invited: z.boolean(),
    user_id: z.union([z.string().uuid(), guestIdField]),
    is_checked: z.boolean().optional(),
    status: attendanceStatusSchema.optional(),
    checked_at: z.iso.datetime({ offset: true }).optional(),
    username: z.string().optional(),
    stuff_name: z.string().optional(),
  })
  .refine((c) => (c.is_invited ? typeof c.user_id === 'number' : typeof c.user_id === 'string'), {
    path: ['user_id'],
    message: 'a guest number when is_invited, else a user id',
  })
  .refine((c) => c.is_checked !== undefined || c.status !== undefined, {
    path: ['is_checked'],
    message: 'is_checked or status',
  });
export type ChecklistRequest = z.infer<typeof checklistRequestSchema>;

export const checklistResponseSchema = z.object({
  event_uuid: z.string(),
  is_invited: z.boolean(),
  user_id: z.union([z.string(), z.number()]),
  is_checked: z.boolean(),
  /** Additive; optional to readers of older servers. */
  status: attendanceStatusSchema.optional(),
  checked_at: z.string().nullable(),
});
export type ChecklistResponse = z.infer<typeof checklistResponseSchema>;

/** Whom a group mail goes to (docs/rules.md#mails). */
export const GROUP_MAIL_AUDIENCES = ['registered', 'waiting_list', 'both'] as const;
export type GroupMailAudience = (typeof GROUP_MAIL_AUDIENCES)[number];

export const groupMailRequestSchema = z.object({
  event_uuid: z.string().uuid(),
  subject_base64: z.string().min(1).max(4000),
  message_base64: z.string().min(1).max(200_000),
  /** Additive: absent is `registered`, as before. */
  recipients: z.enum(GROUP_MAIL_AUDIENCES).optional(),
});
export type GroupMailRequest = z.infer<typeof groupMailRequestSchema>;

export const myInviteParamsSchema = z.object({ uuid_event: z.string().uuid(), uuid_user: z.string().uuid() });
