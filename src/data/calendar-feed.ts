/**
 * The member's private calendar feed (online only): whether one is active, create or regenerate it,
 * revoke it. The URL is answered only when created, so this device keeps it (core/calendar-feed-store)
 * and shows it again while the server still names that same feed.
 */
import {
  CALENDAR_FEED_PATH,
  type CalendarFeedCreated,
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
} from '@common/contract/calendar-feed';
import { apiRequest } from './core/api-client';
import { forgetFeedLink, storedFeedLink, storeFeedLink } from './core/calendar-feed-store';

export type CalendarFeedLink = CalendarFeedCreated;

/** No feed; a feed whose URL this device holds; or a feed made elsewhere (or before), whose URL is gone. */
export type CalendarFeedState =
  | { kind: 'none' }
  | { kind: 'active'; createdAt: string; link: CalendarFeedLink | null };

export async function fetchCalendarFeed(userId: string): Promise<CalendarFeedState> {
  const status = await apiRequest('GET', CALENDAR_FEED_PATH, { schema: calendarFeedStatusSchema });
  const stored = storedFeedLink(userId);
  if (!status.active || status.created_at === null) {
    forgetFeedLink(userId);
    return { kind: 'none' };
  }
  // A copy of an older feed (regenerated on another device) would show a URL that no longer works.
  const isCurrent = stored !== null && Date.parse(stored.created_at) === Date.parse(status.created_at);
  if (!isCurrent) forgetFeedLink(userId);
  return { kind: 'active', createdAt: status.created_at, link: isCurrent ? stored : null };
}

/** Creates the feed, or replaces it (the old URL stops working); the new URL is kept on this device. */
export async function createCalendarFeed(userId: string): Promise<CalendarFeedState> {
  const link = await apiRequest('POST', CALENDAR_FEED_PATH, { schema: calendarFeedCreatedSchema });
  storeFeedLink(userId, link);
  return { kind: 'active', createdAt: link.created_at, link };
}

export async function revokeCalendarFeed(userId: string): Promise<CalendarFeedState> {
  await apiRequest('DELETE', CALENDAR_FEED_PATH);
  forgetFeedLink(userId);
  return { kind: 'none' };
}
