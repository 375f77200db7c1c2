import { attendanceStatusSchema, nameField } from './fields';
import { z } from './zod';

/**
 * `PUT /api/event/walk-in` (docs/rules.md#checklist): sets the status of someone who came without
 * registering, a club member (`user_id`) or a free name (`name`), creating the walk-in on its first write.
 * With `user_id`, a `name` is only what the sending device showed: the server names members. A walk-in is one
 * row per person and event, so the same walk-in added offline on two phones makes one row; the newest write
 * (by `checked_at`, the device time) sets its status, as for ticks.
 */
export const walkInRequestSchema = z
  .object({
    event_uuid: z.string().uuid(),
    user_id: z.string().uuid().optional(),
    name: nameField.optional(),
    /** Absent: present, what « Ajouter une personne présente » means. */
    status: attendanceStatusSchema.optional(),
    checked_at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((w) => w.user_id !== undefined || w.name !== undefined, {
    path: ['name'],
    message: 'a member (user_id) or a free name',
  });
export type WalkInRequest = z.infer<typeof walkInRequestSchema>;

/** A walk-in's row, in the event answer (`walk_ins`) and as the walk-in write's answer. */
export const walkInEntrySchema = z.object({
  id: z.number().int(),
  /** The member's id; null for a free name. */
  user_id: z.string().nullable(),
  name: z.string(),
  status: attendanceStatusSchema,
  is_checked: z.boolean(),
  checked_at: z.string(),
});
export type WalkInEntry = z.infer<typeof walkInEntrySchema>;

export const walkInResponseSchema = walkInEntrySchema.extend({ event_uuid: z.string() });

export const WALK_IN_PATH = '/api/event/walk-in';

/**
 * `GET /api/event/{uuid}/members?q=` (docs/rules.md#checklist): club members found by name, for those who may
 * take attendance at that event, to add a walk-in: id, first and last name and thumbnail, nothing more.
 */
export const memberSearchQuerySchema = z.object({ q: z.string().trim().min(2).max(100) });
export const memberFoundSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  thumbnail_url: z.string(),
});
export type MemberFound = z.infer<typeof memberFoundSchema>;
export const memberSearchPath = (eventUuid: string) => `/api/event/${eventUuid}/members`;
export const MEMBER_SEARCH_MAX = 20;

/**
 * `GET /api/event/checklist/members` (docs/rules.md#checklist): the club's members, for those who may take
 * attendance at an upcoming event, so a walk-in is found by name with no signal. Exactly id, first and last
 * name and thumbnail; members hidden from other members are listed (organisers see them by name).
 */
export const CLUB_MEMBERS_PATH = '/api/event/checklist/members';
export const clubMemberSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  thumbnail: z.string(),
});
export type ClubMember = z.infer<typeof clubMemberSchema>;
export const clubMembersSchema = z.array(clubMemberSchema);
