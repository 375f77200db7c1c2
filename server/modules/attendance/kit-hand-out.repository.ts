import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** What a hand-out write reads of the item it sets, under its lock. */
export interface LockedItem {
  id: string;
  handed_out: boolean;
  returned: boolean;
  changed_at: Date | null;
  stuff_name: string;
}

/**
 * A subscriber's booked item at the event (docs/rules.md#kit), locked: writes to one item apply one after
 * another. Undefined when the member holds no place there or did not book that item.
 */
export function lockSubscriberItem(
  db: Db,
  eventUuid: string,
  userId: string,
  stuffUuid: string,
): Promise<LockedItem | undefined> {
  return db
    .selectFrom('booked_stuffs')
    .innerJoin('subscriptions', 'subscriptions.uuid', 'booked_stuffs.subscription_uuid')
    .innerJoin('stuffs', 'stuffs.uuid', 'booked_stuffs.stuff_uuid')
    .select([
      'booked_stuffs.id',
      'booked_stuffs.handed_out',
      'booked_stuffs.returned',
      'booked_stuffs.changed_at',
      'stuffs.name as stuff_name',
    ])
    .where('subscriptions.event_uuid', '=', eventUuid)
    .where('subscriptions.user_id', '=', userId)
    .where('booked_stuffs.stuff_uuid', '=', stuffUuid)
    .forUpdate('booked_stuffs')
    .executeTakeFirst();
}

/** A guest's booked item at the event, locked, with the guest's name as the log copies it. */
export function lockGuestItem(
  db: Db,
  eventUuid: string,
  guestId: number,
  stuffUuid: string,
): Promise<(LockedItem & { first_name: string; last_name: string }) | undefined> {
  return db
    .selectFrom('booked_stuffs')
    .innerJoin('guests', 'guests.id', 'booked_stuffs.guest_id')
    .innerJoin('stuffs', 'stuffs.uuid', 'booked_stuffs.stuff_uuid')
    .select([
      'booked_stuffs.id',
      'booked_stuffs.handed_out',
      'booked_stuffs.returned',
      'booked_stuffs.changed_at',
      'stuffs.name as stuff_name',
      'guests.first_name',
      'guests.last_name',
    ])
    .where('guests.event_uuid', '=', eventUuid)
    .where('booked_stuffs.guest_id', '=', guestId)
    .where('booked_stuffs.stuff_uuid', '=', stuffUuid)
    .forUpdate('booked_stuffs')
    .executeTakeFirst();
}

export interface ItemChange {
  handed_out: boolean;
  returned: boolean;
  changed_at: Date;
  changed_by: string;
}

export async function setItemState(db: Db, itemId: string, change: ItemChange): Promise<void> {
  await db.updateTable('booked_stuffs').set(change).where('id', '=', itemId).execute();
}
