import { z } from './zod';

/**
 * A member's private calendar feed (docs/rules.md#calendar-feed). The feed's URL holds its token, which the
 * server keeps only hashed: the URL is answered once, when the feed is created or regenerated, and never
 * again.
 */
export const CALENDAR_FEED_PATH = '/api/user/calendar-feed';

/** Answer of `POST /api/user/calendar-feed` (creates, or replaces the member's feed: the old URL stops working). */
export const calendarFeedCreatedSchema = z.object({
  url: z.string().url(),
  /** The same feed as a `webcal://` link, which calendar apps open as a subscription. */
  webcal_url: z.string(),
  created_at: z.string().datetime(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** Answer of `GET /api/user/calendar-feed`: whether a feed is active, and since when (never its URL). */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().datetime().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** `GET /api/calendar/{token}.ics`: the token is the credential (no Authorization header). */
export const calendarFileParamsSchema = z.object({ file: z.string().max(256) });

/** 32 random bytes in base64url, then `.ics`; anything else is answered as an unknown feed. */
export const CALENDAR_FILE_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;
