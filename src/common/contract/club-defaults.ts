/** What the club shows before an admin sets its own (zod-free: the first paint reads these). */
export const DEFAULT_SLOGAN = 'Welcome to the app';

/** The server's CLUB_TIMEZONE when none is configured; the client's until it knows the club's. */
export const DEFAULT_TIMEZONE = 'Europe/Paris';

/** The app's theme colour: the club's accent colour until an admin sets its own (`#rrggbb`). */
export const DEFAULT_ACCENT_COLOUR = '#1d4ed8';

/** Hours before an event its members are reminded (docs/rules.md#reminders): 0 is off, at most 72. */
export const DEFAULT_REMINDER_HOURS = 24;
export const MAX_REMINDER_HOURS = 72;

/** The most characters of the club's `short_name`, the name under its home-screen icon. */
export const SHORT_NAME_MAX = 12;
