import type { EventDto } from '@common/contract/event';
import { isSameKit, kitOf } from '@common/contract/kit-of';
import type { DossierReason } from '@common/contract/member-file';
import type { SubscribeRequest } from '@common/contract/participation';
import { maySubscribe, mayUnsubscribe } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { eventDto } from '../events/event-details';
import type { Promotion } from '../events/events.service';
import { insertBookedStuffs, readBookedKit } from '../kit/kit.repository';
import { deleteDecline } from './declines.repository';
import { fillFromWaitingList } from './fill-step';
import { deleteGuestsOfHost } from './guests.repository';
import { digestStateOf, noteForOrganisers } from './organiser-digest';
import {
  deleteSubscription,
  deleteWaitingEntry,
  endStuffPick,
  insertSubscription,
  lockSubscription,
  readStanding,
} from './participation.repository';
import { lockAndAssertKit } from './stuff-availability';
import { checkSubscriberFile, type Subscriber, subscriberOf, withWarnings } from './subscribe-dossier';
import { noteSubscriptionChange } from './subscription-notices';

type Db = Kysely<Database>;

/**
 * `PUT /api/event/subscribe/status`: subscribe (with a stuff, or own equipment) or leave the event or its
 * waiting list, answered with the event as it now stands. `tell` false leaves the confirmation to the caller;
 * `onPromotion`, when given, hears of the members the freed place promotes instead of them.
 */
export async function setSubscription(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  request: SubscribeRequest,
  tell = true,
  onPromotion?: (promotion: Promotion) => unknown,
): Promise<EventDto> {
  const subscriber = await subscriberOf(deps, db, actor, request);
  const warnings = await writeSubscription(deps, db, actor, subscriber, request, tell, onPromotion);
  return withWarnings(await eventDto(db, subscriber.event.uuid), warnings);
}

/**
 * The writes of a subscribe or a leave for a subscriber already resolved (the event locked), without reading
 * the event back: a series decides a dozen sessions in a row and answers with outcomes, not events. Answers
 * what the member's file lacks under a warning model (none for a subscribe that changes nothing).
 */
export async function writeSubscription(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  subscriber: Subscriber,
  request: SubscribeRequest,
  tell = true,
  onPromotion?: (promotion: Promotion) => unknown,
): Promise<DossierReason[]> {
  const { member, event, facts } = subscriber;
  const existing = await lockSubscription(db, event.uuid, member.id);
  const standing = await readStanding(db, event.uuid, member.id);
  const kit = kitOf(request);
  const field = request.stuffs === undefined ? 'uuid_stuff' : 'stuffs';

  if (request.subscribe) {
    // Cancelled, past, then (for a newcomer only) full: subscribing again is never refused as full.
    assertAllowed(maySubscribe(facts, standing, deps.now()));
    if (existing) {
      const holder = { subscription_uuid: existing.uuid };
      const held = await readBookedKit(db, holder);
      if (isSameKit(held, kit)) return []; // subscribing again: nothing to do
      // The kit changes through its own route (docs/rules.md#kit), except one pick for someone promoted on their own
      // equipment.
      if (!(existing.may_pick_stuff && held.length === 0 && kit.length > 0))
        throw new HttpError(409, 'stuff_locked', field);
      await lockAndAssertKit(db, event, kit, deps.config.rowLocks, { field });
      await insertBookedStuffs(db, event.uuid, holder, kit);
      await endStuffPick(db, existing.uuid);
      return [];
    }
    // The member's file, for a newcomer only: nobody already in is put out (docs/rules.md#members-file).
    const warnings = await checkSubscriberFile(deps, db, actor, subscriber, request.override === true);
    await lockAndAssertKit(db, event, kit, deps.config.rowLocks, { field });
    const subscriptionUuid = await insertSubscription(
      db,
      { event_uuid: event.uuid, user_id: member.id },
      deps.now(),
    );
    await insertBookedStuffs(db, event.uuid, { subscription_uuid: subscriptionUuid }, kit);
    await deleteWaitingEntry(db, event.uuid, member.id);
    await deleteDecline(db, event.uuid, member.id); // coming replaces "not coming"
    if (tell) await noteSubscriptionChange(deps, db, event.uuid, member.id, true);
    await noteForOrganisers(deps, db, event.uuid, member.id, digestStateOf(standing), 'subscribed');
    return warnings;
  }

  assertAllowed(mayUnsubscribe(facts, standing, deps.now()));
  if (existing) {
    // Leaving takes the member's guests along; their places go to the waiting list.
    await deleteGuestsOfHost(db, event.uuid, member.id);
    await deleteSubscription(db, existing.uuid);
    await fillFromWaitingList(deps, db, event, onPromotion);
    if (tell) await noteSubscriptionChange(deps, db, event.uuid, member.id, false);
  } else {
    await deleteWaitingEntry(db, event.uuid, member.id);
  }
  await noteForOrganisers(deps, db, event.uuid, member.id, digestStateOf(standing), 'none');
  return [];
}
