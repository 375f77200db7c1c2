import { randomUUID } from 'node:crypto';
import type { SubscriberEntry, WaitingEntry } from '@common/contract/event';
import type { Standing } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { Database, SubscriptionRow, UserRow } from '../../db/schema';
import {
  subscriberRows,
  toSubscriberEntry,
  toWaitingEntry,
  waitingRows,
} from '../events/event-details.repository';

type Db = Kysely<Database>;

/** A member's subscriptions, as subscriber entries, soonest event first. */
export async function listUserSubscriptions(db: Db, userId: string): Promise<SubscriberEntry[]> {
  const rows = await subscriberRows(db)
    .innerJoin('events', 'events.uuid', 'subscriptions.event_uuid')
    .where('subscriptions.user_id', '=', userId)
    .orderBy('events.start_date')
    .execute();
  return rows.map((r) => toSubscriberEntry(r));
}

export async function listUserWaiting(db: Db, userId: string): Promise<WaitingEntry[]> {
  const rows = await waitingRows(db).where('waiting_list.user_id', '=', userId).execute();
  return rows.map((r) => toWaitingEntry(r));
}

/** A member's standing at an event (what the shared rules read), in one round trip. */
export async function readStanding(db: Db, eventUuid: string, userId: string): Promise<Standing> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('subscriptions')
            .select('uuid')
            .where('event_uuid', '=', eventUuid)
            .where('user_id', '=', userId),
        )
        .as('is_subscribed'),
      eb
        .exists(
          eb
            .selectFrom('waiting_list')
            .select('seq')
            .where('event_uuid', '=', eventUuid)
            .where('user_id', '=', userId),
        )
        .as('is_waiting'),
      eb
        .selectFrom('guests')
        .select((count) => count.fn.countAll<string>().as('n'))
        .where('event_uuid', '=', eventUuid)
        .where('host_id', '=', userId)
        .as('guest_count'),
    ])
    .executeTakeFirstOrThrow();
  return {
    isSubscribed: Boolean(row.is_subscribed),
    isWaiting: Boolean(row.is_waiting),
    guestCount: Number(row.guest_count ?? 0),
  };
}

/** The member's subscription to the event, locked (its stuff may change in this transaction). */
export function lockSubscription(
  db: Db,
  eventUuid: string,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('event_uuid', '=', eventUuid)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Answers the new subscription's uuid, which its kit's rows name. */
export async function insertSubscription(
  db: Db,
  subscription: { event_uuid: string; user_id: string; may_pick_stuff?: boolean },
  now: Date,
): Promise<string> {
  const uuid = randomUUID();
  await db
    .insertInto('subscriptions')
    .values({ uuid, ...subscription, created_at: now, checked_at: null, checked_by: null })
    .execute();
  return uuid;
}

/** The record the season report counts: a member moved from the waiting list to the event. */
export async function recordPromotion(db: Db, eventUuid: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('waiting_list_promotions')
    .values({ event_uuid: eventUuid, user_id: userId, promoted_at: now })
    .execute();
}

/** The one kit pick of a member promoted on their own equipment is used up (its items are booked beside). */
export async function endStuffPick(db: Db, uuid: string): Promise<void> {
  await db.updateTable('subscriptions').set({ may_pick_stuff: false }).where('uuid', '=', uuid).execute();
}

export async function deleteSubscription(db: Db, uuid: string): Promise<void> {
  await db.deleteFrom('subscriptions').where('uuid', '=', uuid).execute();
}

/** Answers the entry's seq, which its wished items name. */
export async function insertWaitingEntry(
  db: Db,
  eventUuid: string,
  userId: string,
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('waiting_list')
    .values({ event_uuid: eventUuid, user_id: userId, created_at: now })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return String(row.seq);
}

export async function deleteWaitingEntry(db: Db, eventUuid: string, userId: string): Promise<void> {
  await db
    .deleteFrom('waiting_list')
    .where('event_uuid', '=', eventUuid)
    .where('user_id', '=', userId)
    .execute();
}

/** The first in line for an event: the member and the entry's seq (its wished kit is read by the seq). */
export function firstWaiting(db: Db, eventUuid: string): Promise<(UserRow & { seq: string }) | undefined> {
  return db
    .selectFrom('waiting_list')
    .innerJoin('users', 'users.id', 'waiting_list.user_id')
    .selectAll('users')
    .select(['waiting_list.seq'])
    .where('waiting_list.event_uuid', '=', eventUuid)
    .orderBy('waiting_list.created_at')
    .orderBy('waiting_list.seq')
    .limit(1)
    .executeTakeFirst();
}

export async function deleteWaitingEntryBySeq(db: Db, seq: string): Promise<void> {
  await db.deleteFrom('waiting_list').where('seq', '=', seq).execute();
}

/** The events not started yet where the member holds a place or a waiting-list spot, in a fixed order. */
export async function upcomingEventsHeldBy(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('events.uuid')
    .where('events.start_date', '>', now)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('subscriptions')
            .select('subscriptions.uuid')
            .whereRef('subscriptions.event_uuid', '=', 'events.uuid')
            .where('subscriptions.user_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('waiting_list')
            .select('waiting_list.seq')
            .whereRef('waiting_list.event_uuid', '=', 'events.uuid')
            .where('waiting_list.user_id', '=', userId),
        ),
      ]),
    )
    // One order for every transaction that locks several events, so two never wait on each other.
    .orderBy('events.uuid')
    .execute();
  return rows.map((row) => row.uuid);
}
