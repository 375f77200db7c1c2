import type { Kysely } from 'kysely';
import type { GuestRequest } from '../../../src/common/contract/participation';
import { LIMITS } from '../../../src/common/rules/limits';
import type { AppDeps } from '../../app-deps';
import type { Database, GuestRow, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { assertStuffAvailable, canManage, isPast, placesLeft } from './event-rules';
import { findEvent, lockStuffs } from './events.repository';
import { fillFromWaitingList } from './fill-step';
import { assertSelf, lockedEvent } from './participation.service';

type Db = Kysely<Database>;

export function toGuest(row: GuestRow) {
  return {
    id: row.id,
    uuid_event: row.event_uuid,
    uuid_user: row.host_id,
    first_name: row.first_name,
    last_name: row.last_name,
    age: row.age,
    email: row.email,
    phone: row.phone,
    uuid_stuff: row.stuff_uuid,
    is_checked: row.is_checked,
  };
}

/** `POST /api/event/invite`: a subscribed member brings up to 3 guests, who take places and may hold stuff. */
export async function saveGuest(deps: AppDeps, db: Db, actor: UserRow, request: GuestRequest) {
  assertSelf(actor, request.uuid_user);
  const event = await lockedEvent(deps, db, request.uuid_event);
  if (event.is_cancelled) throw new HttpError(409, 'event_cancelled');
  if (isPast(event, deps.now())) throw new HttpError(409, 'event_past');
  const isSubscribed = await db
    .selectFrom('subscriptions')
    .select('uuid')
    .where('event_uuid', '=', event.uuid)
    .where('user_id', '=', actor.id)
    .executeTakeFirst();
  if (!isSubscribed) throw new HttpError(403, 'forbidden', 'uuid_user');

  const stuffUuid = request.uuid_stuff ?? null;
  const fields = {
    first_name: request.first_name,
    last_name: request.last_name,
    age: request.age ?? null,
    email: request.email ?? null,
    phone: request.phone ?? null,
    stuff_uuid: stuffUuid,
  };
  if (request.id !== undefined) {
    const current = await db
      .selectFrom('guests')
      .selectAll()
      .where('id', '=', request.id)
      .where('event_uuid', '=', event.uuid)
      .where('host_id', '=', actor.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new HttpError(404, 'not_found', 'id');
    if (stuffUuid && stuffUuid !== current.stuff_uuid) {
      await lockStuffs(db, [stuffUuid], deps.config.rowLocks);
      await assertStuffAvailable(db, event, stuffUuid);
    }
    return toGuest(
      await db
        .updateTable('guests')
        .set(fields)
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }

  const { count } = await db
    .selectFrom('guests')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('event_uuid', '=', event.uuid)
    .where('host_id', '=', actor.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= LIMITS.guestsPerMember) throw new HttpError(409, 'guest_limit_reached');
  if (stuffUuid) await lockStuffs(db, [stuffUuid], deps.config.rowLocks);
  if ((await placesLeft(db, event)) <= 0) throw new HttpError(409, 'event_full');
  if (stuffUuid) await assertStuffAvailable(db, event, stuffUuid);
  const row = await db
    .insertInto('guests')
    .values({
      ...fields,
      event_uuid: event.uuid,
      host_id: actor.id,
      created_at: deps.now(),
      checked_at: null,
      checked_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGuest(row);
}

/** `PUT /api/event/delete-invitation`: the host, the event's creator or a SuperAdmin; never for a past event. */
export async function deleteGuest(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  id: number,
  eventUuid: string,
): Promise<void> {
  const event = await lockedEvent(deps, db, eventUuid);
  const guest = await db
    .selectFrom('guests')
    .selectAll()
    .where('id', '=', id)
    .where('event_uuid', '=', eventUuid)
    .executeTakeFirst();
  if (!guest) throw new HttpError(404, 'not_found', 'id');
  if (guest.host_id !== actor.id && !canManage(actor, event)) throw new HttpError(403, 'forbidden');
  if (isPast(event, deps.now())) throw new HttpError(409, 'event_past');
  await db.deleteFrom('guests').where('id', '=', id).execute();
  await fillFromWaitingList(deps, db, event);
}

/** The host's guests with their contact details: for the host, the event's creator or a SuperAdmin. */
export async function listHostGuests(deps: AppDeps, actor: UserRow, eventUuid: string, hostId: string) {
  const event = await findEvent(deps.db, eventUuid);
  if (!event) throw new HttpError(404, 'not_found', 'uuid_event');
  if (actor.id !== hostId && !canManage(actor, event)) throw new HttpError(403, 'forbidden');
  const rows = await deps.db
    .selectFrom('guests')
    .selectAll()
    .where('event_uuid', '=', eventUuid)
    .where('host_id', '=', hostId)
    .orderBy('id')
    .execute();
  return rows.map(toGuest);
}

export const GUEST_DATA_TTL_MS = 30 * 24 * 3_600_000;

/** Scheduled: a guest's email, phone and age are erased 30 days after their event ends. */
export async function eraseOldGuestData(db: Db, now: Date): Promise<number> {
  const ended = db
    .selectFrom('events')
    .select('uuid')
    .where('end_date', '<', new Date(now.getTime() - GUEST_DATA_TTL_MS));
  const result = await db
    .updateTable('guests')
    .set({ email: null, phone: null, age: null })
    .where('event_uuid', 'in', ended)
    .where((eb) =>
      eb.or([eb('email', 'is not', null), eb('phone', 'is not', null), eb('age', 'is not', null)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
