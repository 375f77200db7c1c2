import type { Kysely } from 'kysely';
import type { EventDto } from '../../../src/common/contract/event';
import type { Database, EventRow } from '../../db/schema';
import { subscriberRows, toSubscriberEntry, toWaitingEntry, waitingRows } from './participation.repository';

type Db = Kysely<Database>;

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
 * The full event shape of product-spec §3 for several events at once, in a fixed number of queries
 * (a week of events costs the same seven queries as one event). Guests' email, phone and age never
 * appear here: only their host sees them, through my-invite-list.
 */
export async function loadEventDtos(db: Db, events: EventRow[]): Promise<EventDto[]> {
  if (events.length === 0) return [];
  const uuids = events.map((e) => e.uuid);
  const [models, creators, subscriptions, guests, waiting, offered] = await Promise.all([
    db
      .selectFrom('event_models')
      .select(['uuid', 'name', 'description'])
      .where('uuid', 'in', [...new Set(events.map((e) => e.model_uuid))])
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', [...new Set(events.map((e) => e.creator_id))])
      .execute(),
    subscriberRows(db)
      .where('subscriptions.event_uuid', 'in', uuids)
      .orderBy('subscriptions.created_at')
      .orderBy('subscriptions.uuid')
      .execute(),
    db
      .selectFrom('guests')
      .select(['id', 'event_uuid', 'host_id', 'stuff_uuid', 'first_name', 'last_name', 'is_checked'])
      .where('event_uuid', 'in', uuids)
      .orderBy('id')
      .execute(),
    waitingRows(db).where('waiting_list.event_uuid', 'in', uuids).execute(),
    db
      .selectFrom('event_stuffs')
      .innerJoin('stuffs', 'stuffs.uuid', 'event_stuffs.stuff_uuid')
      .select([
        'event_stuffs.event_uuid',
        'stuffs.uuid',
        'stuffs.name',
        'stuffs.description',
        'stuffs.stock',
        'stuffs.is_infinite',
      ])
      .where('event_stuffs.event_uuid', 'in', uuids)
      .orderBy('stuffs.name')
      .execute(),
  ]);
  const holders = await loadHolders(db, events, [...new Set(offered.map((o) => o.uuid))]);

  const modelBy = new Map(models.map((m) => [m.uuid, m]));
  const creatorBy = new Map(creators.map((c) => [c.id, c]));
  const subscriptionsBy = groupBy(subscriptions, (s) => s.event_uuid);
  const guestsBy = groupBy(guests, (g) => g.event_uuid);
  const waitingBy = groupBy(waiting, (w) => w.event_uuid);
  const offeredBy = groupBy(offered, (o) => o.event_uuid);

  return events.map((event) => {
    const eventSubscriptions = subscriptionsBy.get(event.uuid) ?? [];
    const eventGuests = guestsBy.get(event.uuid) ?? [];
    const model = modelBy.get(event.model_uuid);
    const creator = creatorBy.get(event.creator_id);
    return {
      uuid_event: event.uuid,
      uuid_model_event: event.model_uuid,
      model_name: model?.name ?? '',
      model_description: model?.description ?? '',
      creator: {
        id: event.creator_id,
        first_name: creator?.first_name ?? null,
        last_name: creator?.last_name ?? null,
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
      stuffs_available: (offeredBy.get(event.uuid) ?? []).map((stuff) => ({
        uuid: stuff.uuid,
        name: stuff.name,
        description: stuff.description,
        stock: stuff.stock,
        is_infinite: stuff.is_infinite,
        available: stuff.is_infinite
          ? null
          : Math.max(0, stuff.stock - holdersDuring(holders, stuff.uuid, event)),
      })),
      subscribers_with_stuff: eventSubscriptions.map(toSubscriberEntry),
      waiting_list: (waitingBy.get(event.uuid) ?? []).map(toWaitingEntry),
      invite_list: eventGuests.map((g) => ({
        id: g.id,
        uuid_event: g.event_uuid,
        uuid_user: g.host_id,
        uuid_stuff: g.stuff_uuid,
        first_name: g.first_name,
        last_name: g.last_name,
        is_checked: g.is_checked,
      })),
    };
  });
}

interface Holding {
  stuff_uuid: string | null;
  start_date: Date;
  end_date: Date;
}

/** Every holding of these stuffs in non-cancelled events overlapping the span of the events shown. */
async function loadHolders(db: Db, events: EventRow[], stuffUuids: string[]): Promise<Holding[]> {
  if (stuffUuids.length === 0) return [];
  const from = new Date(Math.min(...events.map((e) => e.start_date.getTime())));
  const to = new Date(Math.max(...events.map((e) => e.end_date.getTime())));
  const holdings = (table: 'subscriptions' | 'guests') =>
    db
      .selectFrom(table)
      .innerJoin('events', 'events.uuid', `${table}.event_uuid`)
      .select([`${table}.stuff_uuid`, 'events.start_date', 'events.end_date'])
      .where(`${table}.stuff_uuid`, 'in', stuffUuids)
      .where('events.is_cancelled', '=', false)
      .where('events.start_date', '<', to)
      .where('events.end_date', '>', from)
      .execute();
  const [subscribers, guests] = await Promise.all([holdings('subscriptions'), holdings('guests')]);
  return [...subscribers, ...guests];
}

function holdersDuring(holders: Holding[], stuffUuid: string, event: EventRow): number {
  return holders.filter(
    (h) => h.stuff_uuid === stuffUuid && h.start_date < event.end_date && h.end_date > event.start_date,
  ).length;
}
