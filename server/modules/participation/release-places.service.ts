import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { lockEvent } from '../events/event-facts';
import { fillFromWaitingList } from './fill-step';
import { deleteGuestsOfHost } from './guests.repository';
import {
  deleteSubscription,
  deleteWaitingEntry,
  lockSubscription,
  upcomingEventsHeldBy,
} from './participation.repository';
import { deleteNoticesOf } from './subscription-notices.repository';

/**
 * A revoked member's places and waiting-list spots in events not started yet are released (docs/rules.md#waiting-list),
 * their guests with them, and each freed place goes to the next in line as any
 * unsubscription's would. Past events keep their records (attendance, reports). The member is not told:
 * a revoked account gets no mail, so the subscription changes not told yet are dropped too.
 */
export async function releaseUpcomingPlaces(
  deps: AppDeps,
  db: Kysely<Database>,
  userId: string,
): Promise<void> {
  for (const eventUuid of await upcomingEventsHeldBy(db, userId, deps.now())) {
    const { event } = await lockEvent(deps, db, eventUuid);
    await deleteWaitingEntry(db, eventUuid, userId);
    const subscription = await lockSubscription(db, eventUuid, userId);
    if (!subscription) continue;
    await deleteGuestsOfHost(db, eventUuid, userId);
    await deleteSubscription(db, subscription.uuid);
    await fillFromWaitingList(deps, db, event);
  }
  await deleteNoticesOf(db, userId);
}
