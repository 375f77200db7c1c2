/**
 * The calendar feed's URL, kept on the device that created it. The server keeps only the token's hash, so
 * this copy is the only way to show the URL again; it holds a credential, so signing out forgets it
 * (clearSession) along with the session itself.
 */
import type { CalendarFeedCreated } from '@common/contract/calendar-feed';

import { FEED_KEY_PREFIX as KEY_PREFIX } from './calendar-feed-forget';

export function storedFeedLink(userId: string): CalendarFeedCreated | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY_PREFIX + userId) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const link = stored as Partial<CalendarFeedCreated>;
    return typeof link.url === 'string' &&
      typeof link.webcal_url === 'string' &&
      typeof link.created_at === 'string'
      ? { url: link.url, webcal_url: link.webcal_url, created_at: link.created_at }
      : null;
  } catch {
    return null;
  }
}

export function storeFeedLink(userId: string, link: CalendarFeedCreated): void {
  localStorage.setItem(KEY_PREFIX + userId, JSON.stringify(link));
}

export function forgetFeedLink(userId: string): void {
  localStorage.removeItem(KEY_PREFIX + userId);
}
