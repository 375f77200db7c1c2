import type { StuffState } from '@common/contract/kit';
import { type Kysely, sql } from 'kysely';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Who holds a kit: a subscription or a guest (docs/rules.md#kit). */
export type KitHolder = { subscription_uuid: string } | { guest_id: number };

const holderColumn = (holder: KitHolder) =>
  'subscription_uuid' in holder
    ? ({ column: 'subscription_uuid', value: holder.subscription_uuid } as const)
    : ({ column: 'guest_id', value: holder.guest_id } as const);

/** What the stock check reads of each item, in one statement whatever the kit's size. */
export interface KitItemFacts {
  uuid: string;
  name: string;
  is_offered: boolean;
  is_infinite: boolean;
  stock: number;
  /** Items of this stuff held in non-cancelled events overlapping [start, end), subscribers and guests alike. */
  held: number;
}

/**
 * The stock facts of these stuffs for an event's time (docs/rules.md#kit): one statement, so three items cost what
 * one does. A stuff that does not exist is absent from the answer.
 */
export async function readKitFacts(
  db: Db,
  eventUuid: string,
  stuffUuids: readonly string[],
  start: Date,
  end: Date,
): Promise<KitItemFacts[]> {
  if (stuffUuids.length === 0) return [];
  const rows = await db
    .selectFrom('stuffs')
    .select((eb) => [
      'stuffs.uuid',
      'stuffs.name',
      'stuffs.is_infinite',
      'stuffs.stock',
      eb
        .exists(
          eb
            .selectFrom('event_stuffs')
            .select('event_stuffs.stuff_uuid')
            .whereRef('event_stuffs.stuff_uuid', '=', 'stuffs.uuid')
            .where('event_stuffs.event_uuid', '=', eventUuid),
        )
        .as('is_offered'),
      eb
        .selectFrom('booked_stuffs')
        .innerJoin('events', 'events.uuid', 'booked_stuffs.event_uuid')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('booked_stuffs.stuff_uuid', '=', 'stuffs.uuid')
        .where('events.is_cancelled', '=', false)
        .where('events.start_date', '<', end)
        .where('events.end_date', '>', start)
        .as('held'),
    ])
    .where('stuffs.uuid', 'in', [...stuffUuids])
    .execute();
  return rows.map((r) => ({ ...r, is_offered: Boolean(r.is_offered), held: Number(r.held ?? 0) }));
}

/** Books the kit for its holder, in the order given. */
export async function insertBookedStuffs(
  db: Db,
  eventUuid: string,
  holder: KitHolder,
  stuffUuids: readonly string[],
): Promise<void> {
  if (stuffUuids.length === 0) return;
  await db
    .insertInto('booked_stuffs')
    .values(
      stuffUuids.map((stuff_uuid, position) => ({ event_uuid: eventUuid, ...holder, stuff_uuid, position })),
    )
    .execute();
}

/** Replaces a holder's kit: the items kept keep their hand-out state and take their new place in the order. */
export async function replaceBookedStuffs(
  db: Db,
  eventUuid: string,
  holder: KitHolder,
  stuffUuids: readonly string[],
): Promise<void> {
  const { column, value } = holderColumn(holder);
  const kept = await db
    .selectFrom('booked_stuffs')
    .select(['id', 'stuff_uuid'])
    .where(column, '=', value)
    .execute();
  const byStuff = new Map(kept.map((row) => [row.stuff_uuid, row.id]));
  const gone = kept.filter((row) => !stuffUuids.includes(row.stuff_uuid)).map((row) => row.id);
  if (gone.length > 0) await db.deleteFrom('booked_stuffs').where('id', 'in', gone).execute();
  for (const [position, stuffUuid] of stuffUuids.entries()) {
    const id = byStuff.get(stuffUuid);
    if (id !== undefined)
      await db.updateTable('booked_stuffs').set({ position }).where('id', '=', id).execute();
  }
  const added = stuffUuids.filter((uuid) => !byStuff.has(uuid));
  if (added.length === 0) return;
  await db
    .insertInto('booked_stuffs')
    .values(
      added.map((stuff_uuid) => ({
        event_uuid: eventUuid,
        ...holder,
        stuff_uuid,
        position: stuffUuids.indexOf(stuff_uuid),
      })),
    )
    .execute();
}

/** A holder's kit, in its order. */
export async function readBookedKit(db: Db, holder: KitHolder): Promise<string[]> {
  const { column, value } = holderColumn(holder);
  const rows = await db
    .selectFrom('booked_stuffs')
    .select('stuff_uuid')
    .where(column, '=', value)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.stuff_uuid);
}

/** Several guests' kits, each in its order. */
export async function readGuestKits(db: Db, guestIds: readonly number[]): Promise<Map<number, string[]>> {
  const kits = new Map<number, string[]>();
  if (guestIds.length === 0) return kits;
  const rows = await db
    .selectFrom('booked_stuffs')
    .select(['guest_id', 'stuff_uuid'])
    .where('guest_id', 'in', [...guestIds])
    .orderBy('position')
    .execute();
  for (const row of rows)
    if (row.guest_id !== null) kits.set(row.guest_id, [...(kits.get(row.guest_id) ?? []), row.stuff_uuid]);
  return kits;
}

/**
 * A stuff no longer offered: its holders at this event keep their place, on their own equipment for it. The items
 * left close up, so each kit's first item (`uuid_stuff`) stays at position 0.
 */
export async function releaseStuff(db: Db, eventUuid: string, stuffUuid: string): Promise<void> {
  await db
    .deleteFrom('booked_stuffs')
    .where('event_uuid', '=', eventUuid)
    .where('stuff_uuid', '=', stuffUuid)
    .execute();
  await closeKitGaps(db, eventUuid);
}

/**
 * Each kit's items numbered again from 0 after some went, so its first item (`uuid_stuff`) is the one at position 0:
 * at one event, or (no event) across the club, wished items included, after a stuff left the catalogue.
 */
export async function closeKitGaps(db: Db, eventUuid?: string): Promise<void> {
  const club = currentClub().id;
  const atEvent = eventUuid === undefined ? sql`` : sql`and event_uuid = ${eventUuid}`;
  await sql`update booked_stuffs set position = ranked.rank - 1
    from (select id, row_number() over (partition by subscription_uuid, guest_id order by position) as rank
      from booked_stuffs where club_id = ${club} ${atEvent}) as ranked
    where booked_stuffs.club_id = ${club} and booked_stuffs.id = ranked.id
      and booked_stuffs.position <> ranked.rank - 1`.execute(db);
  if (eventUuid !== undefined) return;
  await sql`update wished_stuffs set position = ranked.rank - 1
    from (select waiting_seq, stuff_uuid, row_number() over (partition by waiting_seq order by position) as rank
      from wished_stuffs where club_id = ${club}) as ranked
    where wished_stuffs.club_id = ${club} and wished_stuffs.waiting_seq = ranked.waiting_seq
      and wished_stuffs.stuff_uuid = ranked.stuff_uuid and wished_stuffs.position <> ranked.rank - 1`.execute(
    db,
  );
}

export async function insertWishedStuffs(
  db: Db,
  waitingSeq: string,
  stuffUuids: readonly string[],
): Promise<void> {
  if (stuffUuids.length === 0) return;
  await db
    .insertInto('wished_stuffs')
    .values(stuffUuids.map((stuff_uuid, position) => ({ waiting_seq: waitingSeq, stuff_uuid, position })))
    .execute();
}

/** Every item wished for on an event's waiting list, once each: the fill step locks them all before it starts. */
export async function wishedStuffsOf(db: Db, eventUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('wished_stuffs')
    .innerJoin('waiting_list', 'waiting_list.seq', 'wished_stuffs.waiting_seq')
    .select('wished_stuffs.stuff_uuid')
    .distinct()
    .where('waiting_list.event_uuid', '=', eventUuid)
    .execute();
  return rows.map((r) => r.stuff_uuid);
}

export async function readWishedKit(db: Db, waitingSeq: string): Promise<string[]> {
  const rows = await db
    .selectFrom('wished_stuffs')
    .select('stuff_uuid')
    .where('waiting_seq', '=', waitingSeq)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.stuff_uuid);
}

/** Every booked item of these events, in each holder's order: what the entries' `stuffs` and `stuffs_state` show. */
export function loadEventKits(db: Db, eventUuids: readonly string[]) {
  if (eventUuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('booked_stuffs')
    .select(['event_uuid', 'subscription_uuid', 'guest_id', 'stuff_uuid', 'handed_out', 'returned'])
    .where('event_uuid', 'in', [...eventUuids])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

type KitRow = Awaited<ReturnType<typeof loadEventKits>>[number];

/** The kits of an event's holders, by subscription uuid and by guest id. */
export function groupKits(rows: readonly KitRow[]) {
  const bySubscription = new Map<string, { stuffs: string[]; state: StuffState[] }>();
  const byGuest = new Map<number, { stuffs: string[]; state: StuffState[] }>();
  for (const row of rows) {
    const map = row.subscription_uuid !== null ? bySubscription : byGuest;
    const key = (row.subscription_uuid ?? row.guest_id) as never;
    const kit = map.get(key) ?? { stuffs: [], state: [] };
    kit.stuffs.push(row.stuff_uuid);
    kit.state.push({ uuid: row.stuff_uuid, handed_out: row.handed_out, returned: row.returned });
    map.set(key, kit);
  }
  return { bySubscription, byGuest };
}
