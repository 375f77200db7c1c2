import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { describeEvent } from '../../mail/templates';
import { notify } from '../notifications/notify';

type Db = Kysely<Database>;

/** The accounts subscribed to an event. */
export const subscribersOf = (db: Db, eventUuid: string): Promise<UserRow[]> =>
  db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .selectAll('users')
    .where('subscriptions.event_uuid', '=', eventUuid)
    .execute();

/**
 * What an update tells whom (server-rules "Emails"): a cancellation to subscribers, their guests with an
 * email and the waiting list; a real change (date, place, capacity or equipment; not a save with no
 * change) to subscribers; a removed stuff to its holders, who keep their place on their own equipment.
 */
export async function notifyEventChanges(
  deps: AppDeps,
  db: Db,
  before: EventRow,
  after: EventRow,
  removedStuffs: string[],
  hasEquipmentChanged: boolean,
): Promise<void> {
  const model = await db
    .selectFrom('event_models')
    .select('name')
    .where('uuid', '=', after.model_uuid)
    .executeTakeFirst();
  const nameEvent = (language: 'fr' | 'en') =>
    describeEvent(model?.name ?? '', after.start_date, language, deps.config.clubTimezone);

  for (const stuffUuid of removedStuffs) {
    const stuff = await db
      .selectFrom('stuffs')
      .select('name')
      .where('uuid', '=', stuffUuid)
      .executeTakeFirst();
    const holders = await db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .selectAll('users')
      .where('subscriptions.event_uuid', '=', after.uuid)
      .where('subscriptions.stuff_uuid', '=', stuffUuid)
      .execute();
    await db
      .updateTable('subscriptions')
      .set({ stuff_uuid: null })
      .where('event_uuid', '=', after.uuid)
      .where('stuff_uuid', '=', stuffUuid)
      .execute();
    await db
      .updateTable('guests')
      .set({ stuff_uuid: null })
      .where('event_uuid', '=', after.uuid)
      .where('stuff_uuid', '=', stuffUuid)
      .execute();
    await notify(deps, db, 'stuff_unavailable', holders, (r) => ({
      event: nameEvent(r.language),
      stuff: stuff?.name ?? '',
    }));
  }

  if (!before.is_cancelled && after.is_cancelled) {
    const guests = await db
      .selectFrom('guests')
      .select('email')
      .where('event_uuid', '=', after.uuid)
      .where('email', 'is not', null)
      .execute();
    const waiting = await db
      .selectFrom('waiting_list')
      .innerJoin('users', 'users.id', 'waiting_list.user_id')
      .selectAll('users')
      .where('waiting_list.event_uuid', '=', after.uuid)
      .execute();
    const people = [...(await subscribersOf(db, after.uuid)), ...waiting];
    await notify(deps, db, 'event_cancellation', people, (r) => ({ event: nameEvent(r.language) }));
    const guestAddresses = guests.map((g) => ({ email: g.email as string, language: 'fr' as const }));
    await notify(deps, db, 'event_cancellation', guestAddresses, (r) => ({ event: nameEvent(r.language) }));
    return;
  }

  const hasRealChange =
    hasEquipmentChanged ||
    before.start_date.getTime() !== after.start_date.getTime() ||
    before.end_date.getTime() !== after.end_date.getTime() ||
    before.street !== after.street ||
    before.city !== after.city ||
    before.zip_code !== after.zip_code ||
    before.location !== after.location ||
    before.max_subscribers !== after.max_subscribers ||
    before.subscriber_is_infinite !== after.subscriber_is_infinite;
  if (hasRealChange && !after.is_cancelled) {
    await notify(deps, db, 'event_update', await subscribersOf(db, after.uuid), (r) => ({
      event: nameEvent(r.language),
    }));
  }
}
