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

/**
 * Up to `limit` upcoming events (not ended, not cancelled), soonest first, with who runs each: every one when
 * `memberId` is null, else those the member created or co-organises.
 */
export async function upcomingTeams(db: Db, now: Date, memberId: string | null, limit: number) {
  let query = db
    .selectFrom('events')
    .select(['uuid', 'creator_id'])
    .where('end_date', '>', now)
    .where('is_cancelled', '=', false);
  if (memberId !== null)
    query = query.where((eb) =>
      eb.or([
        eb('creator_id', '=', memberId),
        eb.exists(
          eb
            .selectFrom('event_co_organisers')
            .select('event_co_organisers.user_id')
            .whereRef('event_co_organisers.event_uuid', '=', 'events.uuid')
            .where('event_co_organisers.user_id', '=', memberId),
        ),
      ]),
    );
  const events = await query.orderBy('start_date').orderBy('uuid').limit(limit).execute();
  if (events.length === 0) return [];
  const team = await db
    .selectFrom('event_co_organisers')
    .select(['event_uuid', 'user_id'])
    .where(
      'event_uuid',
      'in',
      events.map((e) => e.uuid),
    )
    .execute();
  return events.map((e) => ({
    creatorId: e.creator_id,
    coOrganiserIds: team.filter((t) => t.event_uuid === e.uuid).map((t) => t.user_id),
  }));
}

/**
 * The club's members a walk-in may be, by name: revoked accounts and members who gave no name are left out, those
 * hidden from other members are not.
 */
export function clubMemberRows(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('is_revoked', '=', false)
    .where((eb) => eb.or([eb('first_name', 'is not', null), eb('last_name', 'is not', null)]))
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}
