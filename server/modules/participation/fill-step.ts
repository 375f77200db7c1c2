import { isPast, placesLeft } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow } from '../../db/schema';
import { describeEvent } from '../../mail/templates';
import { findStuff, lockStuffs } from '../catalog/stuff.repository';
import { eventFacts } from '../events/event-facts';
import { eventName } from '../events/event-name';
import { countParticipants } from '../events/events.repository';
import type { Promotion } from '../events/events.service';
import { notify } from '../notifications/notify';
import { notifyPush } from '../notifications/notify-push';
import { noteForOrganisers } from './organiser-digest';
import {
  deleteWaitingEntryBySeq,
  firstWaiting,
  insertSubscription,
  recordPromotion,
} from './participation.repository';
import { isStuffAvailable } from './stuff-availability';

/**
 * The one fill step (docs/rules.md#waiting-list), run in the transaction of every change that frees places, with the
 * event row already locked: waiting members are subscribed first-in first-out while
 * places remain, with the stuff they wished for when it is still available, else on their own
 * equipment (and may then pick a stuff once). Never for a cancelled or past event. Each promoted member
 * is told (email, and a push to their devices), whatever their preferences — or, when `tell` is given
 * (a series changed many sessions at once), handed to it to be told once for all. Answers how many were
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
  let promoted = 0;
  while (placesLeft(facts) > 0) {
    const next = await firstWaiting(db, event.uuid);
    if (!next) break;
    let stuffUuid: string | null = null;
    if (next.wished_stuff_uuid) {
      await lockStuffs(db, [next.wished_stuff_uuid], deps.config.rowLocks);
      if (await isStuffAvailable(db, event, next.wished_stuff_uuid)) stuffUuid = next.wished_stuff_uuid;
    }
    await insertSubscription(
      db,
      { event_uuid: event.uuid, user_id: next.id, stuff_uuid: stuffUuid, may_pick_stuff: stuffUuid === null },
      deps.now(),
    );
    await deleteWaitingEntryBySeq(db, next.seq);
    await recordPromotion(db, event.uuid, next.id, deps.now());
    await noteForOrganisers(deps, db, event.uuid, next.id, 'waiting', 'subscribed');
    const stuffName = stuffUuid ? ((await findStuff(db, stuffUuid))?.name ?? null) : null;
    if (tell) await tell({ member: next, event, stuffName });
    else {
      const eventName = (language: 'fr' | 'en') =>
        describeEvent(name, event.start_date, language, currentClub().timezone);
      await notify(
        deps,
        db,
        'waiting_list_promotion',
        [next],
        (r) => ({ event: eventName(r.language), stuff: stuffName }),
        { event, answers: () => ['give_back'] },
      );
      await notifyPush(deps, db, 'waiting_list_promotion', [next], event, eventName);
    }
    promoted++;
    facts = await readFacts(); // each promotion takes a place
  }
  return promoted;
}
