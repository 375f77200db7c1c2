import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The phones these members gave (those who gave none are left out). */
export function memberPhoneRows(db: Db, ids: string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('id', 'in', ids)
    .where('phone', 'is not', null)
    .execute();
}

/**
 * Members whose "first last" or "last first" name matches the ILIKE pattern, at most `limit`, by name:
 * revoked accounts, members who gave no name and members registered at the event are left out.
 */
export function searchMemberRows(db: Db, eventUuid: string, pattern: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('is_revoked', '=', false)
    .where((eb) => eb.or([eb('first_name', 'is not', null), eb('last_name', 'is not', null)]))
    .where(
      sql<boolean>`(concat_ws(' ', first_name, last_name) ilike ${pattern} or concat_ws(' ', last_name, first_name) ilike ${pattern})`,
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscriptions')
            .select('uuid')
            .whereRef('subscriptions.user_id', '=', 'users.id')
            .where('subscriptions.event_uuid', '=', eventUuid),
        ),
      ),
    )
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A member's names, unless the account is revoked. */
export function findActiveMemberNames(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .where('is_revoked', '=', false)
    .executeTakeFirst();
}

/** Whether the member holds a registration (a subscription) at the event. */
export async function isRegistered(db: Db, eventUuid: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('uuid')
    .where('event_uuid', '=', eventUuid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
