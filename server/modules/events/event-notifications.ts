import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow } from '../../db/schema';
import { describeEvent } from '../../mail/templates';
import { findStuff } from '../catalog/stuff.repository';
import { notify } from '../notifications/notify';
import { notifyPush } from '../notifications/notify-push';
import { eventName } from './event-name';
import {
  guestEmailsOf,
  guestsWithoutAddressByHost,
  stuffHoldersOf,
  subscribersOf,
  waitingUsersOf,
} from './event-recipients.repository';

type Db = Kysely<Database>;

/**
 * What an update changed that members hear of: the day or the place (an email and a push), or only the
 * capacity or the equipment (an email). A save with no change is none.
 */
export function whatChanged(
  before: EventRow,
  after: EventRow,
  hasEquipmentChanged: boolean,
): { hasDateOrPlaceChanged: boolean; hasRealChange: boolean } {
  const hasDateOrPlaceChanged =
    before.start_date.getTime() !== after.start_date.getTime() ||
    before.end_date.getTime() !== after.end_date.getTime() ||
    before.street !== after.street ||
    before.city !== after.city ||
    before.zip_code !== after.zip_code ||
    before.location !== after.location ||
    // Where members meet is part of the place (docs/rules.md#events).
    before.meeting_point !== after.meeting_point;
  const hasRealChange =
    hasEquipmentChanged ||
    hasDateOrPlaceChanged ||
    before.max_subscribers !== after.max_subscribers ||
    before.subscriber_is_infinite !== after.subscriber_is_infinite;
  return { hasDateOrPlaceChanged, hasRealChange };
}

/**
 * What an update tells whom (docs/rules.md#events): a cancellation to subscribers, their guests with an email and the
 * waiting list; a real change (date, place, capacity or equipment; not a save with no change) to subscribers; a removed
 * stuff to its holders, who keep their place on their own equipment, and to the members whose guests held it.
 * Pushes: a cancellation and a change of date or place to subscribers' devices.
 * It only reads and queues mail and pushes: the caller releases the removed stuff afterwards (holders are found by the
 * stuff they still hold).
 */
export async function notifyEventChanges(
  deps: AppDeps,
  db: Db,
  before: EventRow,
  after: EventRow,
  removedStuffs: string[],
  hasEquipmentChanged: boolean,
  cancelMessage?: string,
): Promise<void> {
  const name = await eventName(db, after);
  const nameEvent = (language: 'fr' | 'en') =>
    describeEvent(name, after.start_date, language, currentClub().timezone);

  for (const stuffUuid of removedStuffs) {
    const stuff = await findStuff(db, stuffUuid);
    const holders = new Map((await stuffHoldersOf(db, after.uuid, stuffUuid)).map((h) => [h.member.id, h]));
    const members = [...holders.values()].map((h) => h.member);
    await notify(
      deps,
      db,
      'stuff_unavailable',
      members,
      (r) => ({
        event: nameEvent(r.language),
        stuff: stuff?.name ?? '',
        holdsItself: holders.get(r.id)?.holdsItself ?? false,
        guests: holders.get(r.id)?.guests ?? [],
      }),
      { event: after },
    );
  }

  if (!before.is_cancelled && after.is_cancelled) {
    const guestAddresses = (await guestEmailsOf(db, after.uuid)).map((email) => ({
      email,
      language: 'fr' as const,
    }));
    const waiting = await waitingUsersOf(db, after.uuid);
    const subscribers = await subscribersOf(db, after.uuid);
    const told = (r: { language: 'fr' | 'en' }) => ({ event: nameEvent(r.language), message: cancelMessage });
    // A host hears the names of their guests who gave no address: only the host can tell them.
    const unreached = await guestsWithoutAddressByHost(db, after.uuid);
    await notify(
      deps,
      db,
      'event_cancellation',
      [...subscribers, ...waiting],
      (r) => ({ ...told(r), guestsWithoutAddress: unreached.get(r.id) }),
      { event: after },
    );
    await notifyPush(deps, db, 'event_cancellation', subscribers, after, nameEvent, cancelMessage);
    await notify(deps, db, 'event_cancellation', guestAddresses, told);
    return;
  }

  if (before.is_cancelled && !after.is_cancelled) {
    // Those the cancellation told hear that it is on again (guests through their host).
    const subscribers = await subscribersOf(db, after.uuid);
    const waiting = await waitingUsersOf(db, after.uuid);
    const told = (r: { language: 'fr' | 'en' }) => ({ event: nameEvent(r.language) });
    await notify(deps, db, 'event_reactivation', [...subscribers, ...waiting], told, { event: after });
    await notifyPush(deps, db, 'event_reactivation', subscribers, after, nameEvent);
  }

  const { hasDateOrPlaceChanged, hasRealChange } = whatChanged(before, after, hasEquipmentChanged);
  if (hasRealChange && !after.is_cancelled) {
    const subscribers = await subscribersOf(db, after.uuid);
    await notify(deps, db, 'event_update', subscribers, (r) => ({ event: nameEvent(r.language) }), {
      event: after,
    });
    // A push only for what changes the member's plans: the day or the place, not capacity or equipment.
    if (hasDateOrPlaceChanged) await notifyPush(deps, db, 'event_update', subscribers, after, nameEvent);
  }
}
