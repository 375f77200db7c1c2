import type { Insertable, Kysely } from 'kysely';
import type { PushSubscriptionsTable } from '../../db/messaging-schema';
import type { Database, PushQueueRow, PushSubscriptionRow } from '../../db/schema';

type Db = Kysely<Database>;

export type NewSubscription = Omit<Insertable<PushSubscriptionsTable>, 'created_at'>;

/**
 * Stores a device's subscription. An endpoint is one browser profile: when another member signs in on
 * that device and turns notifications on, the endpoint becomes theirs (the previous member's pushes must
 * not reach it any more), with the browser's current keys.
 */
export async function upsertSubscription(db: Db, row: NewSubscription, now: Date): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ ...row, created_at: now })
    .onConflict((conflict) =>
      conflict.columns(['club_id', 'endpoint']).doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        user_agent: row.user_agent ?? null,
        // Registered again: the newest device, not the one to drop first.
        created_at: now,
      }),
    )
    .execute();
}

/** Answers how many were deleted (0: not this member's, or already gone). */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
}

export async function insertPush(
  db: Db,
  row: { id: string; subscription_id: string; payload: string; urgency: 'normal' | 'high' },
  now: Date,
): Promise<void> {
  await db
    .insertInto('push_queue')
    .values({ ...row, next_attempt_at: now, created_at: now })
    .execute();
}

export type DuePush = PushQueueRow & Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>;

/**
 * Up to `limit` due pushes with their subscriptions, oldest due first, locked; rows another worker holds
 * are skipped, not waited for.
 */
export function lockDuePushes(trx: Db, now: Date, limit: number): Promise<DuePush[]> {
  return trx
    .selectFrom('push_queue')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
    .selectAll('push_queue')
    .select(['push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth'])
    .where('push_queue.next_attempt_at', '<=', now)
    .orderBy('push_queue.next_attempt_at')
    .orderBy('push_queue.id')
    .limit(limit)
    .forUpdate('push_queue')
    .skipLocked()
    .execute();
}

/** One more attempt for each of `ids`, none due again before `until` (the sender's lease). */
export async function leasePushes(db: Db, ids: string[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('push_queue')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: until }))
    .where('id', 'in', ids)
    .execute();
}

export async function reschedulePush(db: Db, id: string, attempts: number, at: Date): Promise<void> {
  await db.updateTable('push_queue').set({ attempts, next_attempt_at: at }).where('id', '=', id).execute();
}

export async function deletePush(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_queue').where('id', '=', id).execute();
}

/** Every device of the member, and (by cascade) the pushes still queued for them. */
export async function deleteSubscriptionsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

/** Keeps the member's `max` newest devices; older ones go, with their queued pushes (cascade). */
export async function deleteOldestDevicesBeyond(db: Db, userId: string, max: number): Promise<void> {
  const kept = db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max);
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', kept)
    .execute();
}
