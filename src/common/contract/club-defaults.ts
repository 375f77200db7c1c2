/** What the club shows before an admin sets its own (zod-free: the first paint reads these). */
export const DEFAULT_SLOGAN = 'Welcome to the app';

/** The server's CLUB_TIMEZONE when none is configured; the client's until it knows the club's. */
export const DEFAULT_TIMEZONE = 'Europe/Paris';
