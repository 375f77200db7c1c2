import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventDto, EventInput } from '../../../src/common/contract/event';
import { clubDayStart, nextDay } from '../../../src/common/rules/club-time';
import { isAdminRole, isContributorRole } from '../../../src/common/rules/roles';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { loadEventDtos } from './event-details';
import { notifyEventChanges } from './event-notifications';
import { assertCanManage, isPast } from './event-rules';
import { eventStuffUuids, findEvent, listEventsBetween, setEventStuffs } from './events.repository';
import { fillFromWaitingList } from './fill-step';
import { eventDto, lockedEvent } from './participation.service';

type Db = Kysely<Database>;

async function validateReferences(db: Db, input: EventInput): Promise<string[]> {
  const model = await db
    .selectFrom('event_models')
    .select('uuid')
    .where('uuid', '=', input.uuid_model_event)
    .executeTakeFirst();
  if (!model) throw new HttpError(404, 'not_found', 'uuid_model_event');
  const stuffUuids = [...new Set(input.stuffs_available.map((s) => s.uuid))];
  if (stuffUuids.length > 0) {
    const found = await db.selectFrom('stuffs').select('uuid').where('uuid', 'in', stuffUuids).execute();
    if (found.length !== stuffUuids.length) throw new HttpError(404, 'not_found', 'stuffs_available');
  }
  return stuffUuids;
}

function eventColumns(input: EventInput) {
  return {
    model_uuid: input.uuid_model_event,
    start_date: new Date(input.start_date),
    end_date: new Date(input.end_date),
    street: input.street ?? null,
    city: input.city ?? null,
    zip_code: input.zip_code ?? null,
    location: input.location ?? '',
    subscriber_is_infinite: input.subscriber_is_infinite,
    max_subscribers: input.max_subscribers ?? 0,
    is_cancelled: input.is_cancelled,
  };
}

/** `POST /api/event/add-or-update`: creates when `uuid_event` is absent, else updates, cancels or reactivates. */
export async function saveEvent(deps: AppDeps, actor: UserRow, input: EventInput): Promise<EventDto> {
  const columns = eventColumns(input);
  if (columns.end_date <= columns.start_date) throw new HttpError(400, 'error_date', 'end_date');
  const now = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    if (!input.uuid_event) {
      if (!isAdminRole(actor.role_name) && !isContributorRole(actor.role_name))
        throw new HttpError(403, 'forbidden');
      if (columns.start_date < now) throw new HttpError(400, 'error_date_past', 'start_date');
      const stuffUuids = await validateReferences(trx, input);
      const uuid = randomUUID();
      await trx
        .insertInto('events')
        .values({ uuid, creator_id: actor.id, ...columns })
        .execute();
      await setEventStuffs(trx, uuid, stuffUuids);
      return eventDto(trx, uuid);
    }
    const before = await lockedEvent(deps, trx, input.uuid_event);
    assertCanManage(actor, before);
    if (isPast(before, now)) throw new HttpError(409, 'event_past');
    if (columns.start_date.getTime() !== before.start_date.getTime() && columns.start_date < now) {
      throw new HttpError(400, 'error_date_past', 'start_date');
    }
    const stuffUuids = await validateReferences(trx, input);
    const stuffsBefore = await eventStuffUuids(trx, before.uuid);
    await trx.updateTable('events').set(columns).where('uuid', '=', before.uuid).execute();
    await setEventStuffs(trx, before.uuid, stuffUuids);
    const after = (await findEvent(trx, before.uuid)) as EventRow;
    const removedStuffs = stuffsBefore.filter((uuid) => !stuffUuids.includes(uuid));
    await notifyEventChanges(
      deps,
      trx,
      before,
      after,
      removedStuffs,
      stuffsBefore.length !== stuffUuids.length || removedStuffs.length > 0,
    );
    await fillFromWaitingList(deps, trx, after);
    return eventDto(trx, before.uuid);
  });
  deps.mail.kick();
  return result;
}

/** Refused for an upcoming event that is not cancelled: cancel first, so members are told. */
export async function deleteEvent(deps: AppDeps, actor: UserRow, uuid: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const event = await lockedEvent(deps, trx, uuid);
    assertCanManage(actor, event);
    if (!event.is_cancelled && !isPast(event, deps.now())) throw new HttpError(409, 'event_not_cancelled');
    await trx.deleteFrom('events').where('uuid', '=', uuid).execute();
  });
}

/** Events overlapping the club days from..to (inclusive), sorted by start. */
export async function listEvents(deps: AppDeps, from: string, to: string): Promise<EventDto[]> {
  const start = clubDayStart(from, deps.config.clubTimezone);
  const end = clubDayStart(nextDay(to), deps.config.clubTimezone);
  if (end <= start) throw new HttpError(400, 'invalid_input', 'to');
  return loadEventDtos(deps.db, await listEventsBetween(deps.db, start, end));
}
