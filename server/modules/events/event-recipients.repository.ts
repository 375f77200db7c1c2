import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** The accounts subscribed to an event. */
export function subscribersOf(db: Db, eventUuid: string): Promise<UserRow[]> {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .selectAll('users')
    .where('subscriptions.event_uuid', '=', eventUuid)
    .execute();
}

/** The accounts subscribed to an event with this stuff. */
export function stuffHoldersOf(db: Db, eventUuid: string, stuffUuid: string): Promise<UserRow[]> {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .selectAll('users')
    .where('subscriptions.event_uuid', '=', eventUuid)
    .where('subscriptions.stuff_uuid', '=', stuffUuid)
    .execute();
}

/** The accounts on an event's waiting list. */
export function waitingUsersOf(db: Db, eventUuid: string): Promise<UserRow[]> {
  return db
    .selectFrom('waiting_list')
    .innerJoin('users', 'users.id', 'waiting_list.user_id')
    .selectAll('users')
    .where('waiting_list.event_uuid', '=', eventUuid)
    .execute();
}

/** The addresses of an event's guests who gave one. */
export async function guestEmailsOf(db: Db, eventUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('guests')
    .select('email')
    .where('event_uuid', '=', eventUuid)
    .where('email', 'is not', null)
    .execute();
  return rows.map((g) => g.email as string);
}
