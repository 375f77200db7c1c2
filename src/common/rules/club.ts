/** The club's time zone as the client shows it (the server's CLUB_TIMEZONE default). */
export const CLUB_TIMEZONE = 'Europe/Paris';
