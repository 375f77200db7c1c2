import type { Kysely } from 'kysely';
import type { SubscriptionNoticesTable } from '../../db/messaging-schema';
import type { Database, RowOf } from '../../db/schema';

type Db = Kysely<Database>;
export type NoticeRow = RowOf<SubscriptionNoticesTable>;

export function lockNotice(db: Db, userId: string, eventUuid: string): Promise<NoticeRow | undefined> {
  return db
    .selectFrom('subscription_notices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('event_uuid', '=', eventUuid)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertNotice(db: Db, row: NoticeRow): Promise<void> {
  await db.insertInto('subscription_notices').values(row).execute();
}

export async function updateNotice(
  db: Db,
  notice: Pick<NoticeRow, 'user_id' | 'event_uuid'>,
  changes: Partial<Omit<NoticeRow, 'user_id' | 'event_uuid'>>,
): Promise<void> {
  await db
    .updateTable('subscription_notices')
    .set(changes)
    .where('user_id', '=', notice.user_id)
    .where('event_uuid', '=', notice.event_uuid)
    .execute();
}

/** Drops a member's untold changes (a revoked account gets no mail). */
export async function deleteNoticesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('subscription_notices').where('user_id', '=', userId).execute();
}

/** The notices due at `now`, locked; those another process holds are skipped, not waited for. */
export function lockDueNotices(db: Db, now: Date, limit: number): Promise<NoticeRow[]> {
  return db
    .selectFrom('subscription_notices')
    .selectAll()
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
