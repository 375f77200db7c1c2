import type { Kysely } from 'kysely';
import type { Database, EventRow, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** Sessions of a series, not cancelled, that start in (from, to]. */
export function seriesSessionsStartingBetween(db: Db, from: Date, to: Date): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('uuid_series', 'is not', null)
    .where('is_cancelled', '=', false)
    .where('start_date', '>', from)
    .where('start_date', '<=', to)
    .orderBy('start_date')
    .execute();
}

/**
 * Members who follow the session's series (they hold a place or wait in another of its sessions) but have
 * not answered this one (no place, no waiting spot, no "not coming") and were not nudged about it yet.
 */
export function membersToNudge(db: Db, session: EventRow): Promise<UserRow[]> {
  const series = session.uuid_series ?? '';
  return db
    .selectFrom('users')
    .selectAll('users')
    .where(({ or, exists, not, selectFrom }) => {
      const answered = (table: 'subscriptions' | 'waiting_list' | 'event_declines' | 'series_nudges') =>
        exists(
          selectFrom(table)
            .select(`${table}.user_id`)
            .whereRef(`${table}.user_id`, '=', 'users.id')
            .where(`${table}.event_uuid`, '=', session.uuid),
        );
      const follows = (table: 'subscriptions' | 'waiting_list') =>
        exists(
          selectFrom(table)
            .innerJoin('events', 'events.uuid', `${table}.event_uuid`)
            .select(`${table}.user_id`)
            .whereRef(`${table}.user_id`, '=', 'users.id')
            .where('events.uuid_series', '=', series)
            .where('events.uuid', '!=', session.uuid),
        );
      return or([follows('subscriptions'), follows('waiting_list')]).and(
        not(
          or([
            answered('subscriptions'),
            answered('waiting_list'),
            answered('event_declines'),
            answered('series_nudges'),
          ]),
        ),
      );
    })
    .orderBy('users.username')
    .execute();
}

/** Takes the member's nudge about the session; false when another process or run already did. */
export async function claimNudge(db: Db, userId: string, eventUuid: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('series_nudges')
    .values({ user_id: userId, event_uuid: eventUuid, sent_at: now })
    .onConflict((oc) => oc.columns(['club_id', 'user_id', 'event_uuid']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
