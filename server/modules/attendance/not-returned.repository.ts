import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The items handed out and not given back at events that ended before `now` and were not cancelled
 * (docs/rules.md#kit), newest event first, each with its holder (a member, or a guest and their host). With
 * `organiserId`, only the events they created or co-organise.
 */
export function notReturnedRows(db: Db, now: Date, organiserId: string | null) {
  let query = db
    .selectFrom('booked_stuffs')
    .innerJoin('events', 'events.uuid', 'booked_stuffs.event_uuid')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .innerJoin('stuffs', 'stuffs.uuid', 'booked_stuffs.stuff_uuid')
    .leftJoin('subscriptions', 'subscriptions.uuid', 'booked_stuffs.subscription_uuid')
    .leftJoin('users as member', 'member.id', 'subscriptions.user_id')
    .leftJoin('guests', 'guests.id', 'booked_stuffs.guest_id')
    .leftJoin('users as host', 'host.id', 'guests.host_id')
    .select([
      'events.uuid as event_uuid',
      'events.title',
      'event_models.name as model_name',
      'events.start_date',
      'events.end_date',
      'booked_stuffs.guest_id',
      'subscriptions.user_id as member_id',
      'member.username as member_username',
      'member.first_name as member_first_name',
      'member.last_name as member_last_name',
      'guests.first_name as guest_first_name',
      'guests.last_name as guest_last_name',
      'host.username as host_username',
      'host.first_name as host_first_name',
      'host.last_name as host_last_name',
      'booked_stuffs.stuff_uuid',
      'stuffs.name as stuff_name',
      'stuffs.kind as stuff_kind',
      'booked_stuffs.changed_at',
    ])
    .where('booked_stuffs.handed_out', '=', true)
    .where('booked_stuffs.returned', '=', false)
    .where('events.end_date', '<', now)
    .where('events.is_cancelled', '=', false);
  if (organiserId !== null)
    query = query.where((eb) =>
      eb.or([
        eb('events.creator_id', '=', organiserId),
        eb.exists(
          eb
            .selectFrom('event_co_organisers')
            .select('event_co_organisers.user_id')
            .whereRef('event_co_organisers.event_uuid', '=', 'events.uuid')
            .where('event_co_organisers.user_id', '=', organiserId),
        ),
      ]),
    );
  return query
    .orderBy('events.start_date', 'desc')
    .orderBy('events.uuid')
    .orderBy('booked_stuffs.position')
    .orderBy('booked_stuffs.id')
    .execute();
}

export type NotReturnedRow = Awaited<ReturnType<typeof notReturnedRows>>[number];
