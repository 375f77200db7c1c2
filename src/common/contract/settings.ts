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
});
export type StartSettings = z.infer<typeof startSettingsSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** `PUT /api/internal/settings?key=slogan&value=…` (admin): answers the new slogan. */
export const sloganUpdateQuerySchema = z.object({
  key: z.literal('slogan'),
  value: z.string().trim().min(1).max(500),
});
