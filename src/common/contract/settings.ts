import { SHORT_NAME_MAX } from './club-defaults';
import {
  healthPresetCopySchema,
  healthProfileSchema,
  LICENCE_TYPES_MAX,
  licenceTypeSchema,
  monthDayField,
} from './member-file';
import { z } from './zod';

export { DEFAULT_SLOGAN } from './club-defaults';

export const publicSettingKeySchema = z.enum(['slogan', 'logo', 'timezone', 'address_search']);
export type PublicSettingKey = z.infer<typeof publicSettingKeySchema>;

export const settingQuerySchema = z.object({ key: publicSettingKeySchema });

/**
 * `GET /api/internal/settings?key=…`: the slogan text, the public URL of the club's logo ('' while none was
 * uploaded), the club's IANA time zone (`CLUB_TIMEZONE`), which every screen uses for weeks and hours, or
 * the address search URL the event form asks (`ADDRESS_SEARCH_URL`).
 */
export const settingResponseSchema = z.object({
  key: publicSettingKeySchema,
  value: z.string(),
});
export type SettingResponse = z.infer<typeof settingResponseSchema>;

/**
 * `GET /api/internal/settings/start`: what every page needs before anyone signs in — the club's time zone
 * (weeks and hours), its slogan and its logo's URL ('' while none was uploaded) — in one request, so a
 * first visit waits for one answer, not three.
 */
export const startSettingsSchema = z.object({
  timezone: z.string(),
  slogan: z.string(),
  logo: z.string(),
  /**
   * The club's name and accent colour (`#rrggbb`), shown in the app's header and its mails. Optional to
   * readers: a server from before them answers without, and the app keeps working.
   */
  club_name: z.string().optional(),
  accent_colour: z.string().optional(),
  /**
   * The name under the home-screen icon: the club's `short_name`, else its name cut to 12 characters
   * (shortNameOf, rules/short-name.ts). Optional to readers, as above.
   */
  short_name: z.string().optional(),
  /**
   * The club's time zone as a table of its UTC offsets around today (rules/zone-offsets.ts): with it, a
   * device's first visit writes the club's dates and times without Intl, whose zone data costs a phone tens
   * of milliseconds at its first use. Optional to readers, as above.
   */
  timezone_offsets: z
    .object({
      zone: z.string(),
      from: z.number(),
      to: z.number(),
      changes: z.array(z.number()),
      offsets: z.array(z.number()),
    })
    .optional(),
});
export type StartSettings = z.infer<typeof startSettingsSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/**
 * `GET|PUT /api/internal/club-settings` (Admin, docs/rules.md#club-settings): the club's name (default:
 * MAIL_FROM's display name), its accent colour (default: the app's theme colour), how many hours before an
 * event members are reminded (0: no reminders) and `show_attendees`. A PUT sends any of them and answers them
 * all.
 */
export const clubSettingsSchema = z.object({
  club_name: z.string().min(1).max(80),
  accent_colour: z.string().regex(/^#[0-9a-f]{6}$/),
  reminder_hours: z.number().int().min(0).max(72),
  /** Members see who's coming (on by default); organisers always do. */
  show_attendees: z.boolean(),
  /** From this age (15–18, default 15) a guardian may give their child a login (docs/rules.md#families). */
  child_login_age: z.number().int().min(15).max(18).optional(),
  /** Guardians may link another guardian themselves (on by default); Admins always may. */
  guardians_invite_guardians: z.boolean().optional(),
  /**
   * The name under the home-screen icon as the Admin set it (1–12 characters), null while unset: the app
   * then shows the club's name cut to 12 (the start settings' `short_name`, already worked out).
   */
  short_name: z.string().min(1).max(SHORT_NAME_MAX).nullable().optional(),
  /** The member's file (docs/rules.md#members-file): the season's first day, `MM-DD` (default `09-01`). */
  season_start: monthDayField.optional(),
  /** Until this day (`MM-DD`, default `09-30`) last season's licence still counts. */
  grace_end: monthDayField.optional(),
  /** The health preset the club follows (default `code_du_sport`). */
  health_profile: healthProfileSchema.optional(),
  /** The licence types the club's federation issues (at most 30); none: any type is taken. */
  licence_types: z.array(licenceTypeSchema).max(LICENCE_TYPES_MAX).optional(),
  /** Seasons health items are kept after the licence lapsed (0–10, default 1). */
  health_keep_seasons: z.number().int().min(0).max(10).optional(),
  /** The club's edited copy of its preset, null while it follows the preset as published. */
  health_preset_copy: healthPresetCopySchema.nullable().optional(),
});
export type ClubSettings = z.infer<typeof clubSettingsSchema>;
/**
 * What a PUT may send: any of them, the names trimmed and the colour in either case. The server also refuses
 * an accent colour under 4.5:1 against white (`passesOnWhite`, rules/colour-contrast.ts): 400 `invalid_input`
 * on `accent_colour`. `short_name: null` clears it (back to the name cut to 12).
 */
export const clubSettingsUpdateSchema = z
  .object({
    club_name: z.string().trim().min(1).max(80),
    accent_colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .transform((colour) => colour.toLowerCase()),
    short_name: z.string().trim().min(1).max(SHORT_NAME_MAX).nullable(),
    reminder_hours: z.number().int().min(0).max(72),
    show_attendees: z.boolean(),
    child_login_age: z.number().int().min(15).max(18),
    guardians_invite_guardians: z.boolean(),
    season_start: monthDayField,
    grace_end: monthDayField,
    health_profile: healthProfileSchema,
    licence_types: z.array(licenceTypeSchema).max(LICENCE_TYPES_MAX),
    health_keep_seasons: z.number().int().min(0).max(10),
    /** Based on the club's preset (the one sent with it, else the one in force); null drops the copy. */
    health_preset_copy: healthPresetCopySchema.nullable(),
  })
  .partial();
export const CLUB_SETTINGS_PATH = '/api/internal/club-settings';

/** `PUT /api/internal/settings?key=slogan&value=…` (admin): answers the new slogan. */
export const sloganUpdateQuerySchema = z.object({
  key: z.literal('slogan'),
  value: z.string().trim().min(1).max(500),
});
