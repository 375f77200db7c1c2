import type { EventDto } from '@common/contract/event';
import type { KitChangeRequest } from '@common/contract/kit';
import { mayChangeKit } from '@common/rules/kit';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { eventDto } from '../events/event-details';
import { lockEvent } from '../events/event-facts';
import { memberActedFor } from '../family/acting-for.service';
import { readBookedKit, replaceBookedStuffs } from '../kit/kit.repository';
import { lockSubscription, readStanding } from './participation.repository';
import { lockAndAssertKit } from './stuff-availability';

/**
 * `PUT /api/event/subscribe/stuffs` (docs/rules.md#kit): the member keeps their place and gets the whole new kit or
 * nothing. Locks the event row, then every stuff row of the old and new kit in uuid order; the items kept keep their
 * hand-out state. Sending the kit held already changes nothing.
 */
export async function changeKit(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: KitChangeRequest,
): Promise<EventDto> {
  const { member } = await memberActedFor(
    deps,
    db,
    actor,
    request.uuid_user,
    'subscribe',
    'uuid_user',
    request.uuid_event,
  );
  const { event, facts } = await lockEvent(deps, db, request.uuid_event);
  const standing = await readStanding(db, event.uuid, member.id);
  assertAllowed(mayChangeKit(facts, standing, deps.now()));
  const subscription = await lockSubscription(db, event.uuid, member.id);
  if (!subscription) throw new HttpError(403, 'forbidden', 'uuid_user');
  const holder = { subscription_uuid: subscription.uuid };
  const held = await readBookedKit(db, holder);
  await lockAndAssertKit(db, event, request.stuffs, deps.config.rowLocks, { alreadyHeld: held });
  if (request.stuffs.join() !== held.join())
    await replaceBookedStuffs(db, event.uuid, holder, request.stuffs);
  return eventDto(db, event.uuid);
}
