import { type Kysely, sql } from 'kysely';
import type { Database, RowOf } from '../../db/schema';
import type { CommentMailNoticesTable } from '../../db/talk-schema';

type Db = Kysely<Database>;
export type CommentNoticeRow = RowOf<CommentMailNoticesTable>;

/**
 * A new comment for these members to hear of by mail: a member with nothing untold starts gathering from it, due
 * at `dueAt` or an hour after their last such mail, whichever is later; one already gathering keeps its due time.
 * One statement for every member, safe beside another comment's (the row's conflict is resolved in place).
 */
export async function noteUntoldComment(
  db: Db,
  userIds: string[],
  eventUuid: string,
  createdAt: Date,
  dueAt: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('comment_mail_notices')
    .values(
      userIds.map((user_id) => ({
        user_id,
        event_uuid: eventUuid,
        untold_since: createdAt,
        due_at: dueAt,
        last_sent_at: null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['club_id', 'user_id', 'event_uuid']).doUpdateSet({
        untold_since: sql`coalesce(comment_mail_notices.untold_since, excluded.untold_since)`,
        due_at: sql`case when comment_mail_notices.untold_since is null
          then greatest(excluded.due_at, comment_mail_notices.last_sent_at + interval '1 hour')
          else comment_mail_notices.due_at end`,
      }),
    )
    .execute();
}

/** The notices due at `now`, locked; those another process holds are skipped, not waited for. */
export function lockDueCommentNotices(db: Db, now: Date, limit: number): Promise<CommentNoticeRow[]> {
  return db
    .selectFrom('comment_mail_notices')
    .selectAll()
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markCommentNoticeTold(db: Db, notice: CommentNoticeRow, now: Date): Promise<void> {
  await db
    .updateTable('comment_mail_notices')
    .set({ untold_since: null, due_at: null, last_sent_at: now })
    .where('user_id', '=', notice.user_id)
    .where('event_uuid', '=', notice.event_uuid)
    .execute();
}
