import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A member's subscriptions, as subscriber entries, soonest event first. */
export async function listUserSubscriptions(db: Db, userId: string) {
  const rows = await db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .innerJoin('events', 'events.uuid', 'subscriptions.event_uuid')
    .leftJoin('stuffs', 'stuffs.uuid', 'subscriptions.stuff_uuid')
    .select([
      'subscriptions.uuid',
      'subscriptions.event_uuid',
      'subscriptions.user_id',
      'subscriptions.stuff_uuid',
      'subscriptions.is_checked',
      'users.username',
      'stuffs.name as stuff_name',
    ])
    .where('subscriptions.user_id', '=', userId)
    .orderBy('events.start_date')
    .execute();
  return rows.map((r) => ({
    id: r.user_id,
    uuid: r.uuid,
    uuid_event: r.event_uuid,
    username: r.username,
    stuff_name: r.stuff_name ?? 'default_name',
    uuid_stuff: r.stuff_uuid,
    is_checked: r.is_checked,
  }));
}

export async function listUserWaiting(db: Db, userId: string) {
  const rows = await db
    .selectFrom('waiting_list')
    .innerJoin('users', 'users.id', 'waiting_list.user_id')
    .select([
      'waiting_list.event_uuid',
      'waiting_list.user_id',
      'waiting_list.wished_stuff_uuid',
      'waiting_list.created_at',
      'users.username',
    ])
    .where('waiting_list.user_id', '=', userId)
    .orderBy('waiting_list.created_at')
    .execute();
  return rows.map((r) => ({
    uuid_user: r.user_id,
    username: r.username,
    created_at: r.created_at.toISOString(),
    uuid_event: r.event_uuid,
    uuid_stuff: r.wished_stuff_uuid,
  }));
}
