import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Rows per query: an export of thousands of attendance rows is read and written a page at a time. */
export const EXPORT_PAGE = 500;

/** When the member's calendar feed link was made, if they have one. */
export function findCalendarFeedToken(db: Db, userId: string) {
  return db
    .selectFrom('calendar_feed_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** One page of the member's notification switches, by type, after `after`. */
export function notificationPreferencesPage(db: Db, userId: string, after: string | null) {
  return db
    .selectFrom('notification_preferences')
    .select(['type', 'active', 'type as key'])
    .where('user_id', '=', userId)
    .$if(after !== null, (q) => q.where('type', '>', after as string))
    .orderBy('type')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the member's sessions, by token hash, after `after`. */
export function sessionsPage(db: Db, userId: string, after: string | null) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_used_at', 'token_hash'])
    .where('user_id', '=', userId)
    .$if(after !== null, (q) => q.where('token_hash', '>', after as string))
    .orderBy('token_hash')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the member's push subscriptions, by id, after `after`. */
export function pushDevicesPage(db: Db, userId: string, after: string | null) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .$if(after !== null, (q) => q.where('id', '>', after as string))
    .orderBy('id')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the checklist log's entries about the member (not as a guest), by id, after `after`. */
export function attendanceLogPage(db: Db, userId: string, after: string | null) {
  return (
    db
      .selectFrom('checklist_log')
      .select(['id', 'event_uuid', 'status', 'checked_by_name', 'checked_at', 'received_at', 'is_ignored'])
      .where('user_id', '=', userId)
      .where('is_invited', '=', false)
      // The log's ids are a bigint sequence: ordered as numbers, not as text.
      .$if(after !== null, (q) => q.where('id', '>', after as string))
      .orderBy('id')
      .limit(EXPORT_PAGE)
      .execute()
  );
}
