import { isPast, placesLeft } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow } from '../../db/schema';
import { describeEvent } from '../../mail/templates';
import { lockStuffs, stuffNames } from '../catalog/stuff.repository';
import { eventFacts } from '../events/event-facts';
import { eventName } from '../events/event-name';
import { countParticipants } from '../events/events.repository';
import type { Promotion } from '../events/events.service';
import { insertBookedStuffs, readWishedKit, wishedStuffsOf } from '../kit/kit.repository';
import { notify } from '../notifications/notify';
import { notifyPush } from '../notifications/notify-push';
import { blockedWaiting, tellPassedOver } from './dossier-skip';
import { waitingLine } from './fill-step.repository';
import { noteForOrganisers } from './organiser-digest';
import { deleteWaitingEntryBySeq, insertSubscription, recordPromotion } from './participation.repository';
import { availableItems } from './stuff-availability';

/**
 * The one fill step (docs/rules.md#waiting-list), run in the transaction of every change that frees places, with the
 * event row already locked: waiting members are subscribed first-in first-out while
 * places remain, with the stuff they wished for when it is still available, else on their own
 * equipment (and may then pick a stuff once). Never for a cancelled or past event. Each promoted member
 * is told (email, and a push to their devices), whatever their preferences — or, when `tell` is given
 * (a series changed many sessions at once), handed to it to be told once for all. A waiting member whose file
 * the model blocks is passed over and told why, once (docs/rules.md#members-file). Answers how many were
 * promoted.
 */
export async function fillFromWaitingList(
  deps: AppDeps,
  db: Kysely<Database>,
  event: EventRow,
  tell?: (promotion: Promotion) => unknown,
): Promise<number> {
  // Who organises plays no part in filling places.
  const readFacts = async () => eventFacts(event, await countParticipants(db, event.uuid), []);
  let facts = await readFacts();
  if (facts.isCancelled || isPast(facts, deps.now())) return 0;
  const name = await eventName(db, event);
  // Every wished item, locked at once in uuid order (docs/rules.md#kit): promotions one by one would lock them in the
  // order of the line, and a booking at an overlapping event locking the same rows in uuid order could deadlock.
  if (placesLeft(facts) <= 0) return 0;
  await lockStuffs(db, await wishedStuffsOf(db, event.uuid), deps.config.rowLocks);
  // The line is read once (the event row is locked: nobody joins or leaves it meanwhile), and the files of all
  // its members in one batch: a file the model blocks is passed over, its member keeps their place in line.
  const line = await waitingLine(db, event.uuid);
  const blocked = await blockedWaiting(
    db,
    event.uuid,
    line.map((member) => member.id),
  );
  const passedOver: typeof line = [];
  let promoted = 0;
  for (const next of line) {
    if (placesLeft(facts) <= 0) break;
    if (blocked.has(next.id)) {
      passedOver.push(next);
      continue;
    }
    // Each wished item still there is booked, the rest is own equipment (docs/rules.md#kit).
    const wished = await readWishedKit(db, next.seq);
    const available = await availableItems(db, event, wished);
    const kit = wished.filter((uuid) => available.has(uuid));
    const subscriptionUuid = await insertSubscription(
      db,
      { event_uuid: event.uuid, user_id: next.id, may_pick_stuff: kit.length === 0 },
      deps.now(),
    );
    await insertBookedStuffs(db, event.uuid, { subscription_uuid: subscriptionUuid }, kit);
    await deleteWaitingEntryBySeq(db, next.seq);
    await recordPromotion(db, event.uuid, next.id, deps.now());
    await noteForOrganisers(deps, db, event.uuid, next.id, 'waiting', 'subscribed');
    const names = await stuffNames(db, wished);
    const kitNames = kit.map((uuid) => names.get(uuid) ?? '');
    const missing = wished.filter((uuid) => !available.has(uuid)).map((uuid) => names.get(uuid) ?? '');
    const stuffName = kitNames.length > 0 ? kitNames.join(', ') : null;
    if (tell) await tell({ member: next, event, kit: kitNames, missing });
    else {
      const eventName = (language: 'fr' | 'en') =>
        describeEvent(name, event.start_date, language, currentClub().timezone);
      await notify(
        deps,
        db,
        'waiting_list_promotion',
        [next],
        (r) => ({ event: eventName(r.language), stuff: stuffName, kit: kitNames, missing }),
        { event, answers: () => ['give_back'] },
      );
      await notifyPush(deps, db, 'waiting_list_promotion', [next], event, eventName);
    }
    promoted++;
    facts = await readFacts(); // each promotion takes a place
  }
  await tellPassedOver(deps, db, event, name, passedOver, blocked);
  return promoted;
}
