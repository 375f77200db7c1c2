import type { AttendanceStatus } from '@common/contract/attendance-status';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface CheckChange {
  is_checked: boolean;
  status: AttendanceStatus;
  checked_at: Date;
  checked_by: string;
}

/** A guest's check at the event, locked: ticks of one row apply one after another. */
export function lockGuestCheck(db: Db, guestId: number, eventUuid: string) {
  return db
    .selectFrom('guests')
    .select(['id', 'status', 'checked_at', 'first_name', 'last_name'])
    .where('id', '=', guestId)
    .where('event_uuid', '=', eventUuid)
    .forUpdate()
    .executeTakeFirst();
}

/** A subscriber's check at the event, locked. */
export function lockSubscriberCheck(db: Db, userId: string, eventUuid: string) {
  return db
    .selectFrom('subscriptions')
    .select(['uuid', 'status', 'checked_at'])
    .where('user_id', '=', userId)
    .where('event_uuid', '=', eventUuid)
    .forUpdate()
    .executeTakeFirst();
}

/** The name a member's checklist row shows. */
export async function usernameOf(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? '';
}

export async function setGuestCheck(db: Db, guestId: number, change: CheckChange): Promise<void> {
  await db.updateTable('guests').set(change).where('id', '=', guestId).execute();
}

export async function setSubscriberCheck(
  db: Db,
  subscriptionUuid: string,
  change: CheckChange,
): Promise<void> {
  await db.updateTable('subscriptions').set(change).where('uuid', '=', subscriptionUuid).execute();
}
