import { randomUUID } from 'node:crypto';
import type { EventDto, EventInput } from '@common/contract/event';
import { maySetCoOrganisers } from '@common/rules/attendance';
import { eventDateError } from '@common/rules/event-dates';
import { mayCreateEvent, mayDeleteEvent, mayEditEvent } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { findModel } from '../catalog/models.repository';
import { existingStuffUuids } from '../catalog/stuff.repository';
import { releaseStuff } from '../kit/kit.repository';
import { checkedCoOrganisers } from './co-organisers';
import { setCoOrganisers } from './co-organisers.repository';
import { eventDto } from './event-details';
import { lockEvent, ownershipOf } from './event-facts';
import { notifyEventChanges } from './event-notifications';
import {
  deleteEvent as deleteEventRow,
  type EventWords,
  eventStuffUuids,
  findEvent,
  insertEvent,
  setEventStuffs,
  updateEvent,
} from './events.repository';

type Db = Kysely<Database>;

/**
 * What runs after an event is updated, in its transaction with the row locked: participation's fill step
 * (a raised capacity or a reactivation frees places). Handed in by app.ts rather than imported, since
 * participation builds on this module (event rows, their details) and imports go one way.
 */
/**
 * A member moved from the waiting list to `event`, with the kit they got (names, in their order) and the wished items
 * no longer there, for which they are on their own equipment (docs/rules.md#kit).
 */
export interface Promotion {
  member: UserRow;
  event: EventRow;
  kit: string[];
  missing: string[];
}

/** What runs after an update (the fill step); `tell`, when given, hears of each promotion instead of the member. */
export type AfterEventUpdate = (
  deps: AppDeps,
  db: Db,
  event: EventRow,
  tell?: (promotion: Promotion) => unknown,
) => Promise<unknown>;

/** The model and the stuff an event names exist (404 naming the field otherwise); answers the stuff, once each. */
export async function validateReferences(
  db: Db,
  input: Pick<EventInput, 'uuid_model_event' | 'stuffs_available'>,
): Promise<string[]> {
  if (!(await findModel(db, input.uuid_model_event)))
    throw new HttpError(404, 'not_found', 'uuid_model_event');
  const stuffUuids = [...new Set(input.stuffs_available.map((s) => s.uuid))];
  if ((await existingStuffUuids(db, stuffUuids)).length !== stuffUuids.length)
    throw new HttpError(404, 'not_found', 'stuffs_available');
  return stuffUuids;
}

export function eventColumns(input: Omit<EventInput, 'uuid_event'>) {
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

/** The words a request gives: only those it names, so a save from a client that sends none keeps them. */
export function eventWords(input: Pick<EventInput, 'title' | 'notes' | 'meeting_point'>): EventWords {
  return {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(input.meeting_point !== undefined ? { meeting_point: input.meeting_point } : {}),
  };
}

/**
 * The organiser's word kept with a cancellation, for the app to show (docs/rules.md#events): set when the event
 * is cancelled, cleared when it is on again, left alone by any other update.
 */
function cancelWord(
  before: Pick<EventRow, 'is_cancelled'>,
  input: Pick<EventInput, 'is_cancelled' | 'cancel_message'>,
): { cancel_message?: string | null } {
  if (!before.is_cancelled && input.is_cancelled) return { cancel_message: input.cancel_message ?? null };
  if (before.is_cancelled && !input.is_cancelled) return { cancel_message: null };
  return {};
}

/** The dates rule (event-dates.ts) as a refusal; `only` limits it to one code (a reversed range is checked first). */
export function assertEventDates(
  columns: { start_date: Date; end_date: Date },
  now: Date,
  previousStart: Date | null,
  only?: 'error_date',
): void {
  const error = eventDateError(columns.start_date, columns.end_date, now, previousStart);
  if (error && (!only || error.code === only)) throw new HttpError(400, error.code, error.field);
}

/** What one update changed, read before the removed stuff is released (its holders still hold it). */
export interface EventChange {
  before: EventRow;
  after: EventRow;
  removedStuffs: string[];
  hasEquipmentChanged: boolean;
}

/**
 * The update of one existing event with every check of add-or-update (role, past event, dates, model,
 * stuff and co-organisers), in the caller's transaction with the row locked. `tell` is who hears of it: the event's own
 * notice for a single update, a series' gathered notice for "this session and the following" (one
 * message per member, not one per session). The fill step runs last, as places may have grown.
 */
export async function applyEventUpdate(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  input: EventInput & { uuid_event: string },
  afterUpdate: AfterEventUpdate,
  tell: (change: EventChange) => Promise<void>,
): Promise<EventRow> {
  const columns = eventColumns(input);
  const now = deps.now();
  assertEventDates(columns, now, null, 'error_date');
  const { event: before, facts } = await lockEvent(deps, db, input.uuid_event);
  assertAllowed(mayEditEvent(actor, facts, now));
  assertEventDates(columns, now, before.start_date);
  const stuffUuids = await validateReferences(db, input);
  const stuffsBefore = await eventStuffUuids(db, before.uuid);
  await updateEvent(db, before.uuid, { ...columns, ...eventWords(input), ...cancelWord(before, input) });
  await setEventStuffs(db, before.uuid, stuffUuids);
  const after = (await findEvent(db, before.uuid)) as EventRow;
  const removedStuffs = stuffsBefore.filter((uuid) => !stuffUuids.includes(uuid));
  await tell({
    before,
    after,
    removedStuffs,
    hasEquipmentChanged: stuffsBefore.length !== stuffUuids.length || removedStuffs.length > 0,
  });
  // After the notice: its holders are found by the stuff they still hold until here.
  for (const stuffUuid of removedStuffs) await releaseStuff(db, after.uuid, stuffUuid);
  // Absent keeps them as they are; named, only by the creator or a SuperAdmin.
  if (input.co_organisers !== undefined) {
    assertAllowed(maySetCoOrganisers(actor, ownershipOf(after)));
    await setCoOrganisers(
      db,
      after.uuid,
      await checkedCoOrganisers(db, after.creator_id, input.co_organisers),
    );
  }
  await afterUpdate(deps, db, after);
  return after;
}

/** `POST /api/event/add-or-update`: creates when `uuid_event` is absent, else updates, cancels or reactivates. */
export async function saveEvent(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  input: EventInput,
  afterUpdate: AfterEventUpdate,
): Promise<EventDto> {
  const columns = eventColumns(input);
  const now = deps.now();
  // A reversed range is refused first, before the role or the event is looked at.
  assertEventDates(columns, now, null, 'error_date');
  if (!input.uuid_event) {
    assertAllowed(mayCreateEvent(actor));
    assertEventDates(columns, now, null);
    const stuffUuids = await validateReferences(db, input);
    const uuid = randomUUID();
    const coOrganisers = await checkedCoOrganisers(db, actor.id, input.co_organisers ?? []);
    await insertEvent(db, { uuid, creator_id: actor.id, ...columns, ...eventWords(input) });
    await setEventStuffs(db, uuid, stuffUuids);
    await setCoOrganisers(db, uuid, coOrganisers);
    return eventDto(db, uuid);
  }
  const after = await applyEventUpdate(
    deps,
    db,
    actor,
    { ...input, uuid_event: input.uuid_event },
    afterUpdate,
    (change) =>
      notifyEventChanges(
        deps,
        db,
        change.before,
        change.after,
        change.removedStuffs,
        change.hasEquipmentChanged,
        input.cancel_message ?? undefined,
      ),
  );
  return eventDto(db, after.uuid);
}

/** Refused for an upcoming event that is not cancelled: cancel first, so members are told. */
export async function deleteEvent(deps: AppDeps, db: Db, actor: UserRow, uuid: string): Promise<void> {
  const { facts } = await lockEvent(deps, db, uuid);
  assertAllowed(mayDeleteEvent(actor, facts, deps.now()));
  await deleteEventRow(db, uuid);
}
