import { clubDayOf, clubDayStart, nextDay } from '@common/rules/club-time';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { TooManyRequestsError } from '../../http-error';
import { countNewsByAuthorBetween } from './news.repository';

/**
 * Posts one author may make per club day (docs/rules.md#news): each new post is pushed to every member's
 * devices, so a loop or a stuck button would flood them; ten a day is far more than a club announces.
 */
export const NEWS_POSTS_PER_DAY = 10;

/**
 * Past NEWS_POSTS_PER_DAY posts by `authorId` since 00:00 in the club's time zone: 429 `rate_limited`, with
 * Retry-After until the next club day starts. Within the post's transaction, call it after lockAuthor, so two
 * posts of one author are counted one after the other.
 */
export async function assertMayPostToday(
  db: Kysely<Database>,
  authorId: string,
  now: Date,
  timeZone: string,
): Promise<void> {
  const day = clubDayOf(now, timeZone);
  const tomorrow = clubDayStart(nextDay(day), timeZone);
  const posted = await countNewsByAuthorBetween(db, authorId, clubDayStart(day, timeZone), tomorrow);
  if (posted < NEWS_POSTS_PER_DAY) return;
  const waitMs = tomorrow.getTime() - now.getTime();
  throw new TooManyRequestsError(Math.max(1, Math.ceil(waitMs / 1000)), 'rate_limited');
}
