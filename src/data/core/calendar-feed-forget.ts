/**
 * Sign-out's part of the calendar feed's copy on the device (calendar-feed-store.ts): every page carries the
 * sign-out, not the rest of that store, which only the profile's feed section reads.
 */
export const FEED_KEY_PREFIX = 'calendarFeed:';

/** Every user's stored feed URL on this device (sign-out). */
export function forgetAllFeedLinks(): void {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(FEED_KEY_PREFIX)) keys.push(key);
  }
  for (const key of keys) localStorage.removeItem(key);
}
