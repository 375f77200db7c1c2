import { attendanceStatusSchema } from './fields';
import { z } from './zod';

/**
 * `GET /api/user/export/{id}` (GDPR art. 15 and 20, docs/rules.md#members-in-and-out): everything the club's
 * server keeps about one member, as one JSON file. Never a token, a password hash or a push device's keys.
 * Times are ISO 8601 (UTC); `event_name` is the event's title, else its model's name. This schema is the
 * file's documentation.
 */
const eventFields = {
  event_uuid: z.string().describe('The event.'),
  event_name: z.string().describe("The event's title, else its model's name."),
  start_date: z.string().describe('When the event starts.'),
};

const familyMember = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

export const MEMBER_EXPORT_FORMAT = 'equipee-member-export/1';

export const memberExportSchema = z.object({
  format: z.literal(MEMBER_EXPORT_FORMAT).describe('This file layout and its version.'),
  exported_at: z.string(),
  profile: z
    .object({
      id: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      street: z.string().nullable(),
      city: z.string().nullable(),
      zip_code: z.string().nullable(),
      phone: z.string().nullable(),
      shoe_size: z.number().nullable(),
      has_shoes: z.boolean(),
      language: z.string(),
      role_name: z.string(),
      hidden_from_members: z.boolean().describe("Hidden from other members' lists of who is coming."),
      is_revoked: z.boolean(),
      created_at: z.string(),
      confirmed_at: z.string().nullable().describe('When the member chose their first password.'),
      picture_url: z.string().nullable().describe('The profile picture, when there is one.'),
      birth_date: z.string().nullable().describe('yyyy-mm-dd, when given.'),
    })
    .describe('The account and the profile.'),
  notification_preferences: z
    .array(z.object({ type: z.string(), active: z.boolean() }))
    .describe('The notification types the member switched on or off.'),
  sessions: z
    .array(z.object({ created_at: z.string(), last_used_at: z.string() }))
    .describe('Signed-in devices, without their tokens.'),
  push_devices: z
    .array(z.object({ endpoint_host: z.string(), user_agent: z.string().nullable(), created_at: z.string() }))
    .describe("Devices receiving push notifications: the push service's host only, never the keys."),
  calendar_feed: z
    .object({ exists: z.boolean(), created_at: z.string().nullable() })
    .describe('Whether a private calendar feed link exists (never its token).'),
  family: z
    .object({
      guardians: z.array(familyMember).describe('Who answers for the member (never a restricted one).'),
      children: z.array(familyMember).describe('The members this account answers for.'),
      consents: z
        .array(
          z.object({
            season: z.string(),
            kind: z.string(),
            given: z.boolean(),
            given_at: z.string(),
          }),
        )
        .describe("The guardians' answers for the member, per season."),
      done_by_guardians: z
        .array(
          z.object({
            by: z.string().describe("The guardian's names (empty once that account is gone)."),
            what: z.string().nullable(),
            event_uuid: z.string().nullable(),
            at: z.string(),
          }),
        )
        .describe("What a guardian did in the member's place (« Gwen Le Bihan pour Lou »), newest first."),
    })
    .describe('Families: guardians, children and consents.'),
  member_file: z
    .object({
      licences: z
        .array(
          z.object({
            season: z.string(),
            number: z.string(),
            federation: z.string(),
            type: z.string(),
            recorded_at: z.string(),
          }),
        )
        .describe('The licence of each season, newest first, as an Admin entered it.'),
      health_items: z
        .array(
          z.object({
            kind: z.string().describe('caci, qs_sport, minor_questionnaire, pps or savoir_nager.'),
            date: z.string(),
            competition: z.boolean().nullable(),
            all_no: z.boolean().nullable(),
            signed_by: z.string().nullable(),
            way: z.string().nullable(),
            recorded_at: z.string(),
            recorded_by_admin: z.boolean(),
          }),
        )
        .describe('Health papers: dates and attestations only, never a questionnaire nor a diagnosis.'),
    })
    .describe("The member's file: licences and health papers."),
  subscriptions: z
    .array(
      z.object({
        ...eventFields,
        stuff_name: z.string().nullable(),
        status: attendanceStatusSchema.describe('Attendance: present, late, excused or absent.'),
        is_checked: z.boolean(),
        checked_at: z.string().nullable(),
        subscribed_at: z.string(),
      }),
    )
    .describe('Places taken at events, with their attendance.'),
  waiting_lists: z
    .array(z.object({ ...eventFields, wished_stuff_name: z.string().nullable(), joined_at: z.string() }))
    .describe('Waiting-list spots.'),
  promotions: z
    .array(z.object({ ...eventFields, promoted_at: z.string() }))
    .describe('Moves from a waiting list to the event.'),
  declines: z
    .array(z.object({ ...eventFields, declined_at: z.string() }))
    .describe('Events answered « Je ne viens pas ».'),
  guests: z
    .array(
      z.object({
        ...eventFields,
        first_name: z.string(),
        last_name: z.string(),
        age: z.number().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        status: attendanceStatusSchema,
        invited_at: z.string(),
      }),
    )
    .describe('Guests the member invited, as they gave them.'),
  walk_ins: z
    .array(z.object({ ...eventFields, status: attendanceStatusSchema, checked_at: z.string() }))
    .describe('Events the member came to without registering.'),
  comments: z
    .array(
      z.object({
        ...eventFields,
        text: z.string(),
        acting_for: z.string().nullable().describe('The child the member wrote for, if any (their id).'),
        created_at: z.string(),
        edited_at: z.string().nullable(),
      }),
    )
    .describe("What the member wrote in events' threads."),
  attendance_log: z
    .array(
      z.object({
        event_uuid: z.string(),
        status: attendanceStatusSchema,
        checked_by: z.string().describe('The username of who set it.'),
        checked_at: z.string().describe("The device's time of the write."),
        received_at: z.string(),
        is_ignored: z.boolean().describe('Older than the value already stored: recorded, not applied.'),
      }),
    )
    .describe('Every attendance write about the member (the audit trail).'),
});
export type MemberExport = z.infer<typeof memberExportSchema>;
