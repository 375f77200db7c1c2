import type { SubscriberEntry, WaitingEntry } from '@common/contract/event';
import { thumbnailUrl } from '@common/contract/users';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Subscriptions with what a subscriber entry shows: the member's username, and the kit's first item and its name
 * (`uuid_stuff`, `stuff_name`; the whole kit comes from the kit's own rows, docs/rules.md#kit).
 */
export function subscriberRows(db: Db) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .leftJoin('booked_stuffs', (join) =>
      join
        .onRef('booked_stuffs.subscription_uuid', '=', 'subscriptions.uuid')
        .on('booked_stuffs.position', '=', 0),
    )
    .leftJoin('stuffs', 'stuffs.uuid', 'booked_stuffs.stuff_uuid')
    .select([
      'subscriptions.uuid',
      'subscriptions.event_uuid',
      'subscriptions.user_id',
      'booked_stuffs.stuff_uuid',
      (eb) =>
        eb
          .selectFrom('booked_stuffs as kit')
          .select(sql<string>`string_agg(kit.stuff_uuid::text, ',' order by kit.position)`.as('items'))
          .whereRef('kit.subscription_uuid', '=', 'subscriptions.uuid')
          .as('kit'),
      'subscriptions.is_checked',
      'subscriptions.status',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.hidden_from_members',
      'users.deleted_at',
      'stuffs.name as stuff_name',
    ]);
}

/** Who's coming: names and thumbnail as the organisers see them; event-view.ts hides for members. */
const person = (r: {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  hidden_from_members: boolean;
  deleted_at: Date | null;
}) =>
  r.deleted_at
    ? // A deleted member's attendance stays, as « Membre supprimé »: no name, no picture.
      { first_name: null, last_name: null, thumbnail_url: null, is_hidden: false, is_deleted: true }
    : {
        first_name: r.first_name,
        last_name: r.last_name,
        thumbnail_url: thumbnailUrl(r.user_id),
        is_hidden: r.hidden_from_members,
      };

type SubscriberRow = Awaited<ReturnType<ReturnType<typeof subscriberRows>['execute']>>[number];

/** A kit as the statements read it, one string in the kit's order (one statement per list, whatever the week). */
export const splitKit = (items: string | null): string[] => (items ? items.split(',') : []);

/** The API's subscriber entry: `id` the member, `uuid` the subscription, `default_name` for no stuff. */
export function toSubscriberEntry(r: SubscriberRow): SubscriberEntry {
  return {
    id: r.user_id,
    uuid: r.uuid,
    uuid_event: r.event_uuid,
    username: r.deleted_at ? '' : r.username,
    stuff_name: r.stuff_name ?? 'default_name',
    uuid_stuff: r.stuff_uuid,
    stuffs: splitKit(r.kit),
    is_checked: r.is_checked,
    status: r.status,
    ...person(r),
  };
}

/** Waiting-list rows with the member's username and the first wished item, first in first. */
export function waitingRows(db: Db) {
  return db
    .selectFrom('waiting_list')
    .innerJoin('users', 'users.id', 'waiting_list.user_id')
    .leftJoin('wished_stuffs', (join) =>
      join.onRef('wished_stuffs.waiting_seq', '=', 'waiting_list.seq').on('wished_stuffs.position', '=', 0),
    )
    .select([
      'waiting_list.event_uuid',
      'waiting_list.user_id',
      'wished_stuffs.stuff_uuid as wished_stuff_uuid',
      (eb) =>
        eb
          .selectFrom('wished_stuffs as wish')
          .select(sql<string>`string_agg(wish.stuff_uuid::text, ',' order by wish.position)`.as('items'))
          .whereRef('wish.waiting_seq', '=', 'waiting_list.seq')
          .as('wished'),
      'waiting_list.created_at',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.hidden_from_members',
      'users.deleted_at',
    ])
    .orderBy('waiting_list.created_at')
    .orderBy('waiting_list.seq');
}

type WaitingRow = Awaited<ReturnType<ReturnType<typeof waitingRows>['execute']>>[number];

/** `index`: the entry's place in its event's line, 0 first, when the rows are that event's whole line. */
export function toWaitingEntry(r: WaitingRow, index?: number): WaitingEntry {
  return {
    uuid_user: r.user_id,
    username: r.deleted_at ? '' : r.username,
    created_at: r.created_at.toISOString(),
    uuid_event: r.event_uuid,
    uuid_stuff: r.wished_stuff_uuid,
    stuffs: splitKit(r.wished),
    ...person(r),
    ...(index === undefined ? {} : { position: index + 1 }),
  };
}

/**
 * Everything the event shape shows for several events at once, in a fixed number of queries (a week of
 * events costs the same six queries as one event). Guests' email, phone and age are not read here.
 */
export function loadDetailRows(db: Db, events: Array<{ uuid: string }>) {
  const uuids = events.map((e) => e.uuid);
  return Promise.all([
    // Each event's model and creator names: one row per event.
    db
      .selectFrom('events')
      .leftJoin('event_models', 'event_models.uuid', 'events.model_uuid')
      .leftJoin('users', 'users.id', 'events.creator_id')
      .select([
        'events.uuid as event_uuid',
        'event_models.name as model_name',
        'event_models.description as model_description',
        // What the model asks of members' files travels with every event (docs/rules.md#members-file).
        'event_models.requires_licence',
        'event_models.requires_health',
        'event_models.requires_competition',
        'event_models.requires_savoir_nager',
        'event_models.enforcement',
        'users.first_name',
        'users.last_name',
      ])
      .where('events.uuid', 'in', uuids)
      .execute(),
    subscriberRows(db)
      .where('subscriptions.event_uuid', 'in', uuids)
      .orderBy('subscriptions.created_at')
      .orderBy('subscriptions.uuid')
      .execute(),
    db
      .selectFrom('guests')
      .select((eb) => [
        'id',
        'event_uuid',
        'host_id',
        'first_name',
        'last_name',
        'is_checked',
        'status',
        eb
          .selectFrom('booked_stuffs as kit')
          .select(sql<string>`string_agg(kit.stuff_uuid::text, ',' order by kit.position)`.as('items'))
          .whereRef('kit.guest_id', '=', 'guests.id')
          .as('kit'),
      ])
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
        'stuffs.kind',
      ])
      .where('event_stuffs.event_uuid', 'in', uuids)
      .orderBy('stuffs.name')
      .execute(),
    db
      .selectFrom('walk_ins')
      .select(['id', 'event_uuid', 'user_id', 'name', 'status', 'checked_at'])
      .where('event_uuid', 'in', uuids)
      .orderBy('id')
      .execute(),
  ]);
}

export interface Holding {
  stuff_uuid: string | null;
  start_date: Date;
  end_date: Date;
}

/** Every booked item of these stuffs in non-cancelled events overlapping [from, to): subscribers' and guests'. */
export async function loadHoldings(db: Db, stuffUuids: string[], from: Date, to: Date): Promise<Holding[]> {
  if (stuffUuids.length === 0) return [];
  return db
    .selectFrom('booked_stuffs')
    .innerJoin('events', 'events.uuid', 'booked_stuffs.event_uuid')
    .select(['booked_stuffs.stuff_uuid', 'events.start_date', 'events.end_date'])
    .where('booked_stuffs.stuff_uuid', 'in', stuffUuids)
    .where('events.is_cancelled', '=', false)
    .where('events.start_date', '<', to)
    .where('events.end_date', '>', from)
    .execute();
}

/**
 * `comments_count` for several events at once, one grouped count (docs/rules.md#talking-around-an-event). Here
 * rather than in the comments module, which builds on events.
 */
export async function countCommentsByEvent(db: Db, eventUuids: string[]): Promise<Map<string, number>> {
  if (eventUuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_comments')
    .select((eb) => ['event_uuid', eb.fn.countAll<string>().as('count')])
    .where('event_uuid', 'in', eventUuids)
    .groupBy('event_uuid')
    .execute();
  return new Map(rows.map((r) => [r.event_uuid, Number(r.count)]));
}
