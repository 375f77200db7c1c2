import type { EventDto } from '@common/contract/event';
import type { Kysely } from 'kysely';
import type { Database, EventRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { requirementsOfRow } from '../catalog/models.repository';
import { coOrganisersByEvent } from './co-organisers.repository';
import {
  countCommentsByEvent,
  type Holding,
  loadDetailRows,
  loadHoldings,
  splitKit,
  toSubscriberEntry,
  toWaitingEntry,
} from './event-details.repository';
import { findEvent } from './events.repository';
import { toWalkInEntry } from './walk-in-entry';

type Db = Kysely<Database>;

/** The model's file columns as the event's detail query reads them (null when the model is gone). */
interface ModelRule {
  requires_licence: boolean | null;
  requires_health: boolean | null;
  requires_competition: boolean | null;
  requires_savoir_nager: boolean | null;
  enforcement: 'warn' | 'block' | null;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The full event shape (`EventDto`) for several events at once, in a fixed number of queries. Guests' email, phone and
 * age never appear here: only their host sees them, through my-invite-list.
 */
export async function loadEventDtos(db: Db, events: EventRow[]): Promise<EventDto[]> {
  if (events.length === 0) return [];
  const uuids = events.map((e) => e.uuid);
  const [[names, subscriptions, guests, waiting, offered, walkIns], coOrganisers, commentCounts] =
    await Promise.all([
      loadDetailRows(db, events),
      coOrganisersByEvent(db, uuids),
      countCommentsByEvent(db, uuids),
    ]);
  // Holdings over the span of the events shown; each event then counts those overlapping itself.
  const holders = spansByStuff(
    await loadHoldings(
      db,
      [...new Set(offered.map((o) => o.uuid))],
      new Date(Math.min(...events.map((e) => e.start_date.getTime()))),
      new Date(Math.max(...events.map((e) => e.end_date.getTime()))),
    ),
  );

  const namesBy = new Map(names.map((n) => [n.event_uuid, n]));
  const subscriptionsBy = groupBy(subscriptions, (s) => s.event_uuid);
  const guestsBy = groupBy(guests, (g) => g.event_uuid);
  const waitingBy = groupBy(waiting, (w) => w.event_uuid);
  const offeredBy = groupBy(offered, (o) => o.event_uuid);
  const walkInsBy = groupBy(walkIns, (w) => w.event_uuid);

  return events.map((event) => {
    const eventSubscriptions = subscriptionsBy.get(event.uuid) ?? [];
    const eventGuests = guestsBy.get(event.uuid) ?? [];
    const named = namesBy.get(event.uuid);
    return {
      uuid_event: event.uuid,
      uuid_model_event: event.model_uuid,
      model_name: named?.model_name ?? '',
      model_description: named?.model_description ?? '',
      title: event.title,
      notes: event.notes,
      meeting_point: event.meeting_point,
      creator: {
        id: event.creator_id,
        first_name: named?.first_name ?? null,
        last_name: named?.last_name ?? null,
      },
      start_date: event.start_date.toISOString(),
      end_date: event.end_date.toISOString(),
      street: event.street,
      city: event.city,
      zip_code: event.zip_code,
      location: event.location,
      max_subscribers: event.max_subscribers,
      subcribers_count: eventSubscriptions.length + eventGuests.length,
      subscriber_is_infinite: event.subscriber_is_infinite,
      is_cancelled: event.is_cancelled,
      // The organiser's word told to those who held a place; every member sees why (docs/rules.md#events).
      cancel_message: event.is_cancelled ? event.cancel_message : null,
      stuffs_available: (offeredBy.get(event.uuid) ?? []).map((stuff) => ({
        uuid: stuff.uuid,
        name: stuff.name,
        description: stuff.description,
        stock: stuff.stock,
        is_infinite: stuff.is_infinite,
        kind: stuff.kind,
        available: stuff.is_infinite
          ? null
          : Math.max(0, stuff.stock - holdersDuring(holders, stuff.uuid, event)),
      })),
      subscribers_with_stuff: eventSubscriptions.map((s) => toSubscriberEntry(s)),
      waiting_list: (waitingBy.get(event.uuid) ?? []).map((w, index) => toWaitingEntry(w, index)),
      invite_list: eventGuests.map((g) => ({
        id: g.id,
        uuid_event: g.event_uuid,
        uuid_user: g.host_id,
        uuid_stuff: splitKit(g.kit)[0] ?? null,
        stuffs: splitKit(g.kit),
        first_name: g.first_name,
        last_name: g.last_name,
        is_checked: g.is_checked,
        status: g.status,
      })),
      uuid_series: event.uuid_series,
      co_organisers: coOrganisers.get(event.uuid) ?? [],
      walk_ins: (walkInsBy.get(event.uuid) ?? []).map(toWalkInEntry),
      attendees_limited: false,
      comments_count: commentCounts.get(event.uuid) ?? 0,
      ...fileRuleOf(named),
    };
  });
}

/**
 * What the event's model asks of its subscribers' files and how (docs/rules.md#members-file): model data, so
 * every reader gets it, the week read included; an event without its model asks nothing.
 */
function fileRuleOf(named: ModelRule | undefined): Pick<EventDto, 'requirements' | 'enforcement'> {
  if (!named?.enforcement) return { requirements: null, enforcement: 'warn' };
  return {
    requirements: requirementsOfRow({
      requires_licence: named.requires_licence ?? false,
      requires_health: named.requires_health ?? false,
      requires_competition: named.requires_competition ?? false,
      requires_savoir_nager: named.requires_savoir_nager ?? false,
    }),
    enforcement: named.enforcement,
  };
}

/** Holdings by stuff, as numbers: each event counts its overlaps without walking every other stuff's. */
function spansByStuff(holders: Holding[]): Map<string | null, Array<[number, number]>> {
  const spans = new Map<string | null, Array<[number, number]>>();
  for (const h of holders) {
    const span: [number, number] = [h.start_date.getTime(), h.end_date.getTime()];
    const list = spans.get(h.stuff_uuid);
    if (list) list.push(span);
    else spans.set(h.stuff_uuid, [span]);
  }
  return spans;
}

function holdersDuring(
  spans: Map<string | null, Array<[number, number]>>,
  stuffUuid: string,
  event: EventRow,
): number {
  const start = event.start_date.getTime();
  const end = event.end_date.getTime();
  let count = 0;
  for (const [holdStart, holdEnd] of spans.get(stuffUuid) ?? [])
    if (holdStart < end && holdEnd > start) count++;
  return count;
}

/** One event as the API answers it; 404 when it does not exist (or no longer does). */
export async function eventDto(db: Db, uuid: string): Promise<EventDto> {
  const event = await findEvent(db, uuid);
  if (!event) throw new HttpError(404, 'not_found');
  const [dto] = await loadEventDtos(db, [event]);
  if (!dto) throw new HttpError(404, 'not_found');
  return dto;
}

/** One event as the API answers it, or undefined when it does not exist (or no longer does). */
export async function findEventDto(db: Db, uuid: string): Promise<EventDto | undefined> {
  const event = await findEvent(db, uuid);
  return event ? (await loadEventDtos(db, [event]))[0] : undefined;
}
