import { type Kysely, sql } from 'kysely';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';

/**
 * The report's events, as `e`: every one (null, an Admin's report), else those the member created or co-organises
 * (docs/rules.md#season-report). The co-organisers' table names its club too.
 */
const organisedBy = (club: number, organiserId: string | null) =>
  organiserId === null
    ? sql<boolean>`true`
    : sql<boolean>`(e.creator_id = ${organiserId} or exists (
        select 1 from event_co_organisers co
        where co.club_id = ${club} and co.event_uuid = e.uuid and co.user_id = ${organiserId}))`;

export interface ReportCounts {
  model_uuid: string;
  model_name: string;
  month: string;
  events: number;
  cancelled_events: number;
  places_offered: number;
  subscriptions: number;
  guests: number;
  promotions: number;
  walk_ins: number;
  attended: number;
  participants: number;
}

/**
 * One query: the events starting in [from, until), each with its counts (subscriptions, guests, ticks, promotions,
 * walk-ins who came) summed per table first, then grouped by model and club month — never a query per event.
 * Every table read names the club (each statement carries its club, as a shard needs).
 */
export async function seasonCounts(
  db: Kysely<Database>,
  from: Date,
  until: Date,
  now: Date,
  timeZone: string,
  organiserId: string | null,
): Promise<ReportCounts[]> {
  const club = currentClub().id;
  const { rows } = await sql<Record<keyof ReportCounts, string | number>>`
    with ev as (
      select e.uuid, e.model_uuid, m.name as model_name,
             to_char(e.start_date at time zone ${timeZone}, 'YYYY-MM') as month,
             e.is_cancelled, e.subscriber_is_infinite, e.max_subscribers, e.end_date < ${now} as has_ended
      from events e join event_models m on m.club_id = ${club} and m.uuid = e.model_uuid
      where e.club_id = ${club} and e.start_date >= ${from} and e.start_date < ${until}
        and ${organisedBy(club, organiserId)}
    ),
    subs as (
      select event_uuid, count(*) as n, count(*) filter (where is_checked) as present
      from subscriptions where club_id = ${club} and event_uuid in (select uuid from ev) group by event_uuid
    ),
    gs as (
      select event_uuid, count(*) as n, count(*) filter (where is_checked) as present
      from guests where club_id = ${club} and event_uuid in (select uuid from ev) group by event_uuid
    ),
    pr as (
      select event_uuid, count(*) as n
      from waiting_list_promotions where club_id = ${club} and event_uuid in (select uuid from ev) group by event_uuid
    ),
    wk as (
      select event_uuid, count(*) filter (where status in ('present', 'late')) as present
      from walk_ins where club_id = ${club} and event_uuid in (select uuid from ev) group by event_uuid
    )
    select ev.model_uuid, ev.model_name, ev.month,
      count(*) filter (where not ev.is_cancelled) as events,
      count(*) filter (where ev.is_cancelled) as cancelled_events,
      coalesce(sum(ev.max_subscribers) filter (where not ev.is_cancelled and not ev.subscriber_is_infinite), 0)
        as places_offered,
      coalesce(sum(subs.n) filter (where not ev.is_cancelled), 0) as subscriptions,
      coalesce(sum(gs.n) filter (where not ev.is_cancelled), 0) as guests,
      coalesce(sum(pr.n) filter (where not ev.is_cancelled), 0) as promotions,
      coalesce(sum(wk.present) filter (where not ev.is_cancelled), 0) as walk_ins,
      coalesce(sum(coalesce(subs.present, 0) + coalesce(gs.present, 0) + coalesce(wk.present, 0))
        filter (where not ev.is_cancelled and ev.has_ended), 0) as attended,
      coalesce(sum(coalesce(subs.n, 0) + coalesce(gs.n, 0) + coalesce(wk.present, 0))
        filter (where not ev.is_cancelled and ev.has_ended), 0) as participants
    from ev
      left join subs on subs.event_uuid = ev.uuid
      left join gs on gs.event_uuid = ev.uuid
      left join pr on pr.event_uuid = ev.uuid
      left join wk on wk.event_uuid = ev.uuid
    group by ev.model_uuid, ev.model_name, ev.month
    order by ev.month, ev.model_name, ev.model_uuid`.execute(db);
  // PostgreSQL answers counts and sums as bigint/numeric, which drivers hand over as strings.
  return rows.map((r) => ({
    model_uuid: String(r.model_uuid),
    model_name: String(r.model_name),
    month: String(r.month),
    events: Number(r.events),
    cancelled_events: Number(r.cancelled_events),
    places_offered: Number(r.places_offered),
    subscriptions: Number(r.subscriptions),
    guests: Number(r.guests),
    promotions: Number(r.promotions),
    walk_ins: Number(r.walk_ins),
    attended: Number(r.attended),
    participants: Number(r.participants),
  }));
}

export interface KitCounts {
  stuff_uuid: string;
  stuff_name: string;
  stuff_kind: string | null;
  booked: number;
  handed_out: number;
}

/**
 * Kit use over the events starting in [from, until) that were held (docs/rules.md#season-report): per stuff, the
 * items booked by subscribers and guests, and how many of them were handed out. One query; every table names the
 * club.
 */
export async function seasonKitCounts(
  db: Kysely<Database>,
  from: Date,
  until: Date,
  organiserId: string | null,
): Promise<KitCounts[]> {
  const club = currentClub().id;
  const { rows } = await sql<Record<keyof KitCounts, string | number | null>>`
    select s.uuid as stuff_uuid, s.name as stuff_name, s.kind as stuff_kind,
      count(*) as booked, count(*) filter (where b.handed_out) as handed_out
    from booked_stuffs b
      join events e on e.club_id = ${club} and e.uuid = b.event_uuid
      join stuffs s on s.club_id = ${club} and s.uuid = b.stuff_uuid
    where b.club_id = ${club} and not e.is_cancelled and e.start_date >= ${from} and e.start_date < ${until}
      and ${organisedBy(club, organiserId)}
    group by s.uuid, s.name, s.kind
    order by s.kind nulls last, s.name, s.uuid`.execute(db);
  return rows.map((r) => ({
    stuff_uuid: String(r.stuff_uuid),
    stuff_name: String(r.stuff_name),
    stuff_kind: r.stuff_kind === null ? null : String(r.stuff_kind),
    booked: Number(r.booked),
    handed_out: Number(r.handed_out),
  }));
}
