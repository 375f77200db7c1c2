import type { Kysely, Selectable } from 'kysely';
import type { HealthItemsTable, LicencesTable } from '../../db/member-file-schema';
import type { PaperRemindersTable } from '../../db/paper-reminders-schema';
import type { Database, UserRow } from '../../db/schema';

// The SQL of the reminders before a paper of the member's file ends (docs/rules.md#members-file).
type Db = Kysely<Database>;

export type FileLicenceRow = Pick<
  Selectable<LicencesTable>,
  'user_id' | 'season' | 'number' | 'federation' | 'type' | 'start_day' | 'end_day'
>;
export type FileHealthRow = Pick<
  Selectable<HealthItemsTable>,
  'user_id' | 'kind' | 'day' | 'competition' | 'all_no' | 'signed_by' | 'way'
>;

/** The accounts in use (neither deleted nor revoked) that hold a licence of any season. */
export function licensedMembers(db: Db): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll('users')
    .where('users.deleted_at', 'is', null)
    .where('users.is_revoked', '=', false)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('licences').select('licences.user_id').whereRef('licences.user_id', '=', 'users.id')),
    )
    .orderBy('users.id')
    .execute();
}

/** Every licence of these members. */
export async function licencesOfMembers(db: Db, userIds: string[]): Promise<FileLicenceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('licences')
    .select(['user_id', 'season', 'number', 'federation', 'type', 'start_day', 'end_day'])
    .where('user_id', 'in', userIds)
    .execute();
}

/** Every health item of these members. */
export async function healthItemsOfMembers(db: Db, userIds: string[]): Promise<FileHealthRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('health_items')
    .select(['user_id', 'kind', 'day', 'competition', 'all_no', 'signed_by', 'way'])
    .where('user_id', 'in', userIds)
    .execute();
}

/** Takes one reminder; false when a run (or another process) already sent it. */
export async function claimPaperReminder(
  db: Db,
  row: Omit<Selectable<PaperRemindersTable>, 'club_id'>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('paper_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['club_id', 'user_id', 'item', 'ends_on', 'threshold']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether the member has a device to push to (they allowed notifications on one). */
export async function hasPushDevice(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
