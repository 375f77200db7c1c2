import { type Kysely, sql } from 'kysely';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { EXPORT_PAGE } from './member-export.repository';

type Db = Kysely<Database>;

/** The event columns every per-event section carries, from a query joined to events and event_models. */
const eventColumns = [
  'events.uuid as event_uuid',
  sql<string>`coalesce(events.title, event_models.name)`.as('event_name'),
  'events.start_date',
] as const;

/** One page of the member's subscriptions with their event and stuff, by uuid, after `after`. */
export function subscriptionsPage(db: Db, userId: string, after: string | null) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('events', 'events.uuid', 'subscriptions.event_uuid')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select([
      ...eventColumns,
      // The whole kit, in its order (docs/rules.md#kit); null for own equipment.
      sql<string | null>`(select string_agg(stuffs.name, ', ' order by booked_stuffs.position)
        from booked_stuffs join stuffs on stuffs.club_id = ${currentClub().id} and stuffs.uuid = booked_stuffs.stuff_uuid
        where booked_stuffs.club_id = ${currentClub().id} and booked_stuffs.subscription_uuid = subscriptions.uuid)`.as(
        'stuff_name',
      ),
      'subscriptions.uuid',
      'subscriptions.status',
      'subscriptions.is_checked',
      'subscriptions.checked_at',
      'subscriptions.created_at',
    ])
    .where('subscriptions.user_id', '=', userId)
    .$if(after !== null, (q) => q.where('subscriptions.uuid', '>', after as string))
    .orderBy('subscriptions.uuid')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the member's waiting-list places with their event and wished stuff, by seq, after `after`. */
export function waitingListPage(db: Db, userId: string, after: string | null) {
  return db
    .selectFrom('waiting_list')
    .innerJoin('events', 'events.uuid', 'waiting_list.event_uuid')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select([
      ...eventColumns,
      sql<string | null>`(select string_agg(stuffs.name, ', ' order by wished_stuffs.position)
        from wished_stuffs join stuffs on stuffs.club_id = ${currentClub().id} and stuffs.uuid = wished_stuffs.stuff_uuid
        where wished_stuffs.club_id = ${currentClub().id} and wished_stuffs.waiting_seq = waiting_list.seq)`.as(
        'stuff_name',
      ),
      'waiting_list.seq',
      'waiting_list.created_at',
    ])
    .where('waiting_list.user_id', '=', userId)
    .$if(after !== null, (q) => q.where('waiting_list.seq', '>', after as string))
    .orderBy('waiting_list.seq')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the member's promotions from a waiting list with their event, by id, after `after`. */
export function promotionsPage(db: Db, userId: string, after: string | null) {
  return db
    .selectFrom('waiting_list_promotions')
    .innerJoin('events', 'events.uuid', 'waiting_list_promotions.event_uuid')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select([...eventColumns, 'waiting_list_promotions.id', 'waiting_list_promotions.promoted_at'])
    .where('waiting_list_promotions.user_id', '=', userId)
    .$if(after !== null, (q) => q.where('waiting_list_promotions.id', '>', after as string))
    .orderBy('waiting_list_promotions.id')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the events the member declined, by event uuid, after `after`. */
export function declinesPage(db: Db, userId: string, after: string | null) {
  return db
    .selectFrom('event_declines')
    .innerJoin('events', 'events.uuid', 'event_declines.event_uuid')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select([...eventColumns, 'event_declines.declined_at'])
    .where('event_declines.user_id', '=', userId)
    .$if(after !== null, (q) => q.where('event_declines.event_uuid', '>', after as string))
    .orderBy('event_declines.event_uuid')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the guests the member invited with their event, by id, after `after`. */
export function guestsPage(db: Db, userId: string, after: number | null) {
  return db
    .selectFrom('guests')
    .innerJoin('events', 'events.uuid', 'guests.event_uuid')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select([
      ...eventColumns,
      'guests.id',
      'guests.first_name',
      'guests.last_name',
      'guests.age',
      'guests.email',
      'guests.phone',
      'guests.status',
      'guests.created_at',
    ])
    .where('guests.host_id', '=', userId)
    .$if(after !== null, (q) => q.where('guests.id', '>', after as number))
    .orderBy('guests.id')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the member's walk-ins with their event, by id, after `after`. */
export function walkInsPage(db: Db, userId: string, after: number | null) {
  return db
    .selectFrom('walk_ins')
    .innerJoin('events', 'events.uuid', 'walk_ins.event_uuid')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select([...eventColumns, 'walk_ins.id', 'walk_ins.status', 'walk_ins.checked_at'])
    .where('walk_ins.user_id', '=', userId)
    .$if(after !== null, (q) => q.where('walk_ins.id', '>', after as number))
    .orderBy('walk_ins.id')
    .limit(EXPORT_PAGE)
    .execute();
}

/** One page of the comments the member wrote (docs/rules.md#talking-around-an-event), by id, after `after`. */
export function commentsPage(db: Db, userId: string, after: string | null) {
  return db
    .selectFrom('event_comments')
    .innerJoin('events', 'events.uuid', 'event_comments.event_uuid')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select([
      ...eventColumns,
      'event_comments.id',
      'event_comments.text',
      'event_comments.acting_for',
      'event_comments.created_at',
      'event_comments.edited_at',
    ])
    .where('event_comments.author_id', '=', userId)
    .$if(after !== null, (q) => q.where('event_comments.id', '>', after as string))
    .orderBy('event_comments.id')
    .limit(EXPORT_PAGE)
    .execute();
}
