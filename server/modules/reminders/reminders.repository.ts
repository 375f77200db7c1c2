import type { Kysely } from 'kysely';
import type { Database, EventRow, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** Events not cancelled that start in (from, to]. */
export function eventsStartingBetween(db: Db, from: Date, to: Date): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('is_cancelled', '=', false)
    .where('start_date', '>', from)
    .where('start_date', '<=', to)
    .orderBy('start_date')
    .execute();
}

/**
 * Subscribers of an event not reminded of it yet, who held their place by `dueAt` (someone who subscribes
 * after the reminder's moment has just chosen the event: no reminder).
 */
export function subscribersToRemind(db: Db, eventUuid: string, dueAt: Date): Promise<UserRow[]> {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .selectAll('users')
    .where('subscriptions.event_uuid', '=', eventUuid)
    .where('subscriptions.created_at', '<=', dueAt)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('event_reminders')
            .select('event_reminders.user_id')
            .whereRef('event_reminders.user_id', '=', 'subscriptions.user_id')
            .whereRef('event_reminders.event_uuid', '=', 'subscriptions.event_uuid'),
        ),
      ),
    )
    .execute();
}

/** Takes the member's reminder of the event; false when another process or run already did. */
export async function claimReminder(
  db: Db,
  row: { user_id: string; event_uuid: string; sent_at: Date; channel: 'push' | 'mail' },
): Promise<boolean> {
  const inserted = await db
    .insertInto('event_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['club_id', 'user_id', 'event_uuid']).doNothing())
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
