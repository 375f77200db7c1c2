/**
 * The club's time zone as last cached, mirrored in localStorage: the first render of a page reads it
 * synchronously, without waiting for IndexedDB to open, so the week screen knows at once which week to read
 * from the cache (an offline start shows its events one database round trip sooner). Dexie's clubSettings
 * stays the source the screens follow: its live answer replaces this at once if they ever differ.
 */
const CLUB_TIME_ZONE_KEY = 'clubTimeZone';

export function mirrorClubTimeZone(timeZone: string): void {
  try {
    localStorage.setItem(CLUB_TIME_ZONE_KEY, timeZone);
  } catch {
    // A full or blocked storage costs the next start one database read, nothing else.
  }
}

export function mirroredClubTimeZone(): string | undefined {
  try {
    return localStorage.getItem(CLUB_TIME_ZONE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
