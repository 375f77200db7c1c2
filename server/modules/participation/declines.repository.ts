import type { DeclineEntry } from '@common/contract/participation';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Records the member's "not coming"; answering it again keeps the first moment. */
export async function insertDecline(db: Db, eventUuid: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('event_declines')
    .values({ event_uuid: eventUuid, user_id: userId, declined_at: now })
    .onConflict((oc) => oc.columns(['club_id', 'event_uuid', 'user_id']).doNothing())
    .execute();
}

/** Takes the answer back (subscribing or waiting replaces it too). */
export async function deleteDecline(db: Db, eventUuid: string, userId: string): Promise<void> {
  await db
    .deleteFrom('event_declines')
    .where('event_uuid', '=', eventUuid)
    .where('user_id', '=', userId)
    .execute();
}

function declineRows(db: Db) {
  return db
    .selectFrom('event_declines')
    .innerJoin('users', 'users.id', 'event_declines.user_id')
    .select([
      'event_declines.event_uuid',
      'event_declines.user_id',
      'event_declines.declined_at',
      'users.username',
      'users.first_name',
      'users.last_name',
    ])
    .orderBy('event_declines.declined_at')
    .orderBy('users.username');
}

const toEntry = (row: {
  event_uuid: string;
  user_id: string;
  declined_at: Date;
  username: string;
  first_name: string | null;
  last_name: string | null;
}): DeclineEntry => ({
  uuid_event: row.event_uuid,
  uuid_user: row.user_id,
  username: row.username,
  first_name: row.first_name,
  last_name: row.last_name,
  declined_at: row.declined_at.toISOString(),
});

export async function listUserDeclines(db: Db, userId: string): Promise<DeclineEntry[]> {
  return (await declineRows(db).where('event_declines.user_id', '=', userId).execute()).map(toEntry);
}

export async function listEventDeclines(db: Db, eventUuid: string): Promise<DeclineEntry[]> {
  return (await declineRows(db).where('event_declines.event_uuid', '=', eventUuid).execute()).map(toEntry);
}

export async function hasDeclined(db: Db, eventUuid: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('event_declines')
    .select('user_id')
    .where('event_uuid', '=', eventUuid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
