import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventDto } from '../../../src/common/contract/event';
import type { SubscribeRequest } from '../../../src/common/contract/participation';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { describeEvent } from '../../mail/templates';
import { notify } from '../notifications/notify';
import { findUserById } from '../users/users.repository';
import { loadEventDtos } from './event-details';
import { assertStuffAvailable, isPast, placesLeft } from './event-rules';
import { findEvent, lockStuffs } from './events.repository';
import { fillFromWaitingList } from './fill-step';

type Db = Kysely<Database>;

/** Members subscribe, wait and invite only for themselves. */
export function assertSelf(actor: UserRow, uuidUser: string): void {
  if (actor.id !== uuidUser) throw new HttpError(403, 'forbidden', 'uuid_user');
}

/** The event, locked for the rest of the transaction (capacity and stock are read then written). */
export async function lockedEvent(deps: AppDeps, db: Db, uuid: string): Promise<EventRow> {
  const event = await findEvent(db, uuid, deps.config.rowLocks);
  if (!event) throw new HttpError(404, 'not_found', 'uuid_event');
  return event;
}

export async function eventDto(db: Db, uuid: string): Promise<EventDto> {
  const event = await findEvent(db, uuid);
  if (!event) throw new HttpError(404, 'not_found');
  const [dto] = await loadEventDtos(db, [event]);
  if (!dto) throw new HttpError(404, 'not_found');
  return dto;
}

/** `PUT /api/event/subscribe/status`: subscribe (with a stuff, or own equipment) or leave the event or its waiting list. */
export async function setSubscription(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  request: SubscribeRequest,
): Promise<EventDto> {
  assertSelf(actor, request.uuid_user);
  const event = await lockedEvent(deps, db, request.uuid_event);
  const existing = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('event_uuid', '=', event.uuid)
    .where('user_id', '=', actor.id)
    .forUpdate()
    .executeTakeFirst();
  const stuffUuid = request.uuid_stuff ?? null;

  if (request.subscribe) {
    if (event.is_cancelled) throw new HttpError(409, 'event_cancelled');
    if (isPast(event, deps.now())) throw new HttpError(409, 'event_past');
    if (existing) {
      if (existing.stuff_uuid === stuffUuid) return eventDto(db, event.uuid); // subscribing again: nothing to do
      // Equipment is fixed once subscribed, except one pick for someone promoted on their own equipment.
      if (!(existing.may_pick_stuff && existing.stuff_uuid === null && stuffUuid !== null))
        throw new HttpError(409, 'stuff_locked', 'uuid_stuff');
      await lockStuffs(db, [stuffUuid], deps.config.rowLocks);
      await assertStuffAvailable(db, event, stuffUuid);
      await db
        .updateTable('subscriptions')
        .set({ stuff_uuid: stuffUuid, may_pick_stuff: false })
        .where('uuid', '=', existing.uuid)
        .execute();
      return eventDto(db, event.uuid);
    }
    if (stuffUuid) await lockStuffs(db, [stuffUuid], deps.config.rowLocks);
    if ((await placesLeft(db, event)) <= 0) throw new HttpError(409, 'event_full');
    if (stuffUuid) await assertStuffAvailable(db, event, stuffUuid);
    await db
      .insertInto('subscriptions')
      .values({
        uuid: randomUUID(),
        event_uuid: event.uuid,
        user_id: actor.id,
        stuff_uuid: stuffUuid,
        created_at: deps.now(),
        checked_at: null,
        checked_by: null,
      })
      .execute();
    await db
      .deleteFrom('waiting_list')
      .where('event_uuid', '=', event.uuid)
      .where('user_id', '=', actor.id)
      .execute();
    await tellSubscription(deps, db, event, actor, true);
    return eventDto(db, event.uuid);
  }

  if (existing) {
    if (isPast(event, deps.now())) throw new HttpError(409, 'event_past');
    // Leaving takes the member's guests along; their places go to the waiting list.
    await db
      .deleteFrom('guests')
      .where('event_uuid', '=', event.uuid)
      .where('host_id', '=', actor.id)
      .execute();
    await db.deleteFrom('subscriptions').where('uuid', '=', existing.uuid).execute();
    await fillFromWaitingList(deps, db, event);
    await tellSubscription(deps, db, event, actor, false);
  } else {
    await db
      .deleteFrom('waiting_list')
      .where('event_uuid', '=', event.uuid)
      .where('user_id', '=', actor.id)
      .execute();
  }
  return eventDto(db, event.uuid);
}

/** The member gets a confirmation; the event's creator is told too. */
async function tellSubscription(
  deps: AppDeps,
  db: Db,
  event: EventRow,
  member: UserRow,
  isSubscribed: boolean,
): Promise<void> {
  const model = await db
    .selectFrom('event_models')
    .select('name')
    .where('uuid', '=', event.model_uuid)
    .executeTakeFirst();
  const nameEvent = (r: UserRow) =>
    describeEvent(model?.name ?? '', event.start_date, r.language, deps.config.clubTimezone);
  await notify(deps, db, 'subscribe_unsubscribe', [member], (r) => ({
    event: nameEvent(r),
    member: member.username,
    isSubscribed,
    isCreatorCopy: false,
  }));
  const creator = event.creator_id === member.id ? undefined : await findUserById(db, event.creator_id);
  if (creator) {
    await notify(deps, db, 'subscribe_unsubscribe', [creator], (r) => ({
      event: nameEvent(r),
      member: member.username,
      isSubscribed,
      isCreatorCopy: true,
    }));
  }
}

/** `POST /api/event/waiting-list`: only for a full, open, upcoming event the member is neither in nor waiting for. */
export async function joinWaitingList(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  request: { uuid_event: string; uuid_user: string; uuid_stuff?: string | null | undefined },
): Promise<EventDto> {
  assertSelf(actor, request.uuid_user);
  const event = await lockedEvent(deps, db, request.uuid_event);
  const refuse = () => new HttpError(409, 'waiting_list_refused');
  if (event.is_cancelled || isPast(event, deps.now())) throw refuse();
  const [subscribed, waiting] = await Promise.all([
    db
      .selectFrom('subscriptions')
      .select('uuid')
      .where('event_uuid', '=', event.uuid)
      .where('user_id', '=', actor.id)
      .executeTakeFirst(),
    db
      .selectFrom('waiting_list')
      .select('seq')
      .where('event_uuid', '=', event.uuid)
      .where('user_id', '=', actor.id)
      .executeTakeFirst(),
  ]);
  if (subscribed || waiting || (await placesLeft(db, event)) > 0) throw refuse();
  const wished = request.uuid_stuff ?? null;
  if (
    wished &&
    !(await db
      .selectFrom('event_stuffs')
      .select('stuff_uuid')
      .where('event_uuid', '=', event.uuid)
      .where('stuff_uuid', '=', wished)
      .executeTakeFirst())
  ) {
    throw new HttpError(409, 'stuff_unavailable', 'uuid_stuff');
  }
  await db
    .insertInto('waiting_list')
    .values({ event_uuid: event.uuid, user_id: actor.id, wished_stuff_uuid: wished, created_at: deps.now() })
    .execute();
  return eventDto(db, event.uuid);
}
