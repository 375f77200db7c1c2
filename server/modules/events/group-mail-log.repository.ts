import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** When the group emails of this event sent after `since` went out, oldest first. */
export async function groupMailTimesSince(db: Db, eventUuid: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('group_mail_log')
    .select('sent_at')
    .where('event_uuid', '=', eventUuid)
    .where('sent_at', '>', since)
    .orderBy('sent_at')
    .execute();
  return rows.map((row) => row.sent_at);
}

/** Records one group email, and forgets this event's that no longer count (sent at or before `forgetBefore`). */
export async function recordGroupMail(
  db: Db,
  mail: { eventUuid: string; senderId: string; sentAt: Date },
  forgetBefore: Date,
): Promise<void> {
  await db
    .deleteFrom('group_mail_log')
    .where('event_uuid', '=', mail.eventUuid)
    .where('sent_at', '<=', forgetBefore)
    .execute();
  await db
    .insertInto('group_mail_log')
    .values({ event_uuid: mail.eventUuid, sender_id: mail.senderId, sent_at: mail.sentAt })
    .execute();
}
