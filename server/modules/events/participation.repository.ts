import type { Kysely } from 'kysely';
import type { SubscriberEntry, WaitingEntry } from '../../../src/common/contract/event';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Subscriptions with what a subscriber entry shows: the member's username and the stuff's name. */
export function subscriberRows(db: Db) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .leftJoin('stuffs', 'stuffs.uuid', 'subscriptions.stuff_uuid')
    .select([
      'subscriptions.uuid',
      'subscriptions.event_uuid',
      'subscriptions.user_id',
      'subscriptions.stuff_uuid',
      'subscriptions.is_checked',
      'users.username',
      'stuffs.name as stuff_name',
    ]);
}

type SubscriberRow = Awaited<ReturnType<ReturnType<typeof subscriberRows>['execute']>>[number];

/** The entry shape of server-rules: `id` the member, `uuid` the subscription, `default_name` for no stuff. */
export function toSubscriberEntry(r: SubscriberRow): SubscriberEntry {
  return {
    id: r.user_id,
    uuid: r.uuid,
    uuid_event: r.event_uuid,
    username: r.username,
    stuff_name: r.stuff_name ?? 'default_name',
    uuid_stuff: r.stuff_uuid,
    is_checked: r.is_checked,
  };
}

/** A member's subscriptions, as subscriber entries, soonest event first. */
export async function listUserSubscriptions(db: Db, userId: string): Promise<SubscriberEntry[]> {
  const rows = await subscriberRows(db)
    .innerJoin('events', 'events.uuid', 'subscriptions.event_uuid')
    .where('subscriptions.user_id', '=', userId)
    .orderBy('events.start_date')
    .execute();
  return rows.map(toSubscriberEntry);
}

/** Waiting-list rows with the member's username, first in first. */
export function waitingRows(db: Db) {
  return db
    .selectFrom('waiting_list')
    .innerJoin('users', 'users.id', 'waiting_list.user_id')
    .select([
      'waiting_list.event_uuid',
      'waiting_list.user_id',
      'waiting_list.wished_stuff_uuid',
      'waiting_list.created_at',
      'users.username',
    ])
    .orderBy('waiting_list.created_at')
    .orderBy('waiting_list.seq');
}

type WaitingRow = Awaited<ReturnType<ReturnType<typeof waitingRows>['execute']>>[number];

export function toWaitingEntry(r: WaitingRow): WaitingEntry {
  return {
    uuid_user: r.user_id,
    username: r.username,
    created_at: r.created_at.toISOString(),
    uuid_event: r.event_uuid,
    uuid_stuff: r.wished_stuff_uuid,
  };
}

export async function listUserWaiting(db: Db, userId: string): Promise<WaitingEntry[]> {
  return (await waitingRows(db).where('waiting_list.user_id', '=', userId).execute()).map(toWaitingEntry);
}
