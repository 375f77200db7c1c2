import {
  CALENDAR_FILE_PATTERN,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@common/contract/calendar-feed';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { hashToken, newToken } from '../users/tokens';
import {
  deleteFeedToken,
  feedCreatedAt,
  findFeedOwner,
  listFeedEvents,
  saveFeedToken,
} from './calendar-feed.repository';
import { renderFeed } from './calendar-ics';

type Db = Kysely<Database>;

/** How far back the feed reaches: a month of past events stays in the member's calendar. */
export const FEED_PAST_DAYS = 30;
const DAY_MS = 24 * 3_600_000;

/**
 * Creates the member's feed, or replaces it: a new token whose hash takes the old one's place, so the old
 * URL stops working in the same transaction. The URL (with its token) is answered here and never again.
 */
export async function createFeed(deps: AppDeps, db: Db, userId: string): Promise<CalendarFeedCreated> {
  const token = newToken();
  const now = deps.now();
  await saveFeedToken(db, userId, hashToken(token), now);
  const url = `${currentClub().publicUrl}/api/calendar/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://'), created_at: now.toISOString() };
}

export async function feedStatus(deps: AppDeps, userId: string): Promise<CalendarFeedStatus> {
  const createdAt = await feedCreatedAt(deps.db, userId);
  return { active: createdAt !== null, created_at: createdAt?.toISOString() ?? null };
}

export const revokeFeed = (db: Db, userId: string): Promise<void> => deleteFeedToken(db, userId);

/**
 * The feed named by `{token}.ics`, or null for anything that is not a live feed (malformed, unknown,
 * regenerated, revoked, or an account revoked or deleted): the route answers them all alike, 404.
 */
export async function feedText(deps: AppDeps, file: string): Promise<string | null> {
  const token = CALENDAR_FILE_PATTERN.exec(file)?.[1];
  if (!token) return null;
  const owner = await findFeedOwner(deps.db, hashToken(token));
  if (!owner) return null;
  const now = deps.now();
  const events = await listFeedEvents(deps.db, owner.id, new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS));
  return renderFeed(
    {
      publicUrl: currentClub().publicUrl,
      clubTimezone: currentClub().timezone,
      language: owner.language,
      now,
    },
    events,
  );
}
