import type { MemberExport } from '@common/contract/member-export';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
type Section<K extends keyof MemberExport> = MemberExport[K] extends Array<infer Row> ? Row : never;

/** Rows per query: an export of thousands of attendance rows is read and written a page at a time. */
const PAGE = 500;

export const iso = (date: Date | null) => date?.toISOString() ?? null;
export const isoOf = (date: Date) => date.toISOString();

/** The event columns every per-event section carries, from a query joined to events and event_models. */
const eventColumns = [
  'events.uuid as event_uuid',
  sql<string>`coalesce(events.title, event_models.name)`.as('event_name'),
  'events.start_date',
] as const;

/**
 * Pages through one section by a unique, ordered key, each page mapped to the file's rows: the reads stay
 * small whatever the member's history, and the answer streams as pages come.
 */
async function* paged<Row, Key extends string | number>(
  page: (after: Key | null) => Promise<Array<Row & { key: Key }>>,
): AsyncGenerator<Array<Row & { key: Key }>> {
  let after: Key | null = null;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield rows;
    after = (rows[rows.length - 1] as { key: Key }).key;
    if (rows.length < PAGE) return;
  }
}

/** The sections that are lists, each read in pages, in the file's order. */
export function listSections(db: Db, userId: string) {
  return {
    notification_preferences: paged<Section<'notification_preferences'>, string>((after) =>
      db
        .selectFrom('notification_preferences')
        .select(['type', 'active', 'type as key'])
        .where('user_id', '=', userId)
        .$if(after !== null, (q) => q.where('type', '>', after as string))
        .orderBy('type')
        .limit(PAGE)
        .execute(),
    ),
    sessions: paged<Section<'sessions'>, string>(async (after) =>
      (
        await db
          .selectFrom('sessions')
          .select(['created_at', 'last_used_at', 'token_hash'])
          .where('user_id', '=', userId)
          .$if(after !== null, (q) => q.where('token_hash', '>', after as string))
          .orderBy('token_hash')
          .limit(PAGE)
          .execute()
      ).map((s) => ({
        created_at: isoOf(s.created_at),
        last_used_at: isoOf(s.last_used_at),
        key: s.token_hash,
      })),
    ),
    push_devices: paged<Section<'push_devices'>, string>(async (after) =>
      (
        await db
          .selectFrom('push_subscriptions')
          .select(['id', 'endpoint', 'user_agent', 'created_at'])
          .where('user_id', '=', userId)
          .$if(after !== null, (q) => q.where('id', '>', after as string))
          .orderBy('id')
          .limit(PAGE)
          .execute()
      ).map((d) => ({
        endpoint_host: URL.canParse(d.endpoint) ? new URL(d.endpoint).host : '',
        user_agent: d.user_agent,
        created_at: isoOf(d.created_at),
        key: d.id,
      })),
    ),
    subscriptions: paged<Section<'subscriptions'>, string>(async (after) =>
      (
        await db
          .selectFrom('subscriptions')
          .innerJoin('events', 'events.uuid', 'subscriptions.event_uuid')
          .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
          .leftJoin('stuffs', 'stuffs.uuid', 'subscriptions.stuff_uuid')
          .select([
            ...eventColumns,
            'stuffs.name as stuff_name',
            'subscriptions.uuid',
            'subscriptions.status',
            'subscriptions.is_checked',
            'subscriptions.checked_at',
            'subscriptions.created_at',
          ])
          .where('subscriptions.user_id', '=', userId)
          .$if(after !== null, (q) => q.where('subscriptions.uuid', '>', after as string))
          .orderBy('subscriptions.uuid')
          .limit(PAGE)
          .execute()
      ).map((s) => ({
        event_uuid: s.event_uuid,
        event_name: s.event_name,
        start_date: isoOf(s.start_date),
        stuff_name: s.stuff_name,
        status: s.status,
        is_checked: s.is_checked,
        checked_at: iso(s.checked_at),
        subscribed_at: isoOf(s.created_at),
        key: s.uuid,
      })),
    ),
    waiting_lists: paged<Section<'waiting_lists'>, string>(async (after) =>
      (
        await db
          .selectFrom('waiting_list')
          .innerJoin('events', 'events.uuid', 'waiting_list.event_uuid')
          .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
          .leftJoin('stuffs', 'stuffs.uuid', 'waiting_list.wished_stuff_uuid')
          .select([
            ...eventColumns,
            'stuffs.name as stuff_name',
            'waiting_list.seq',
            'waiting_list.created_at',
          ])
          .where('waiting_list.user_id', '=', userId)
          .$if(after !== null, (q) => q.where('waiting_list.seq', '>', after as string))
          .orderBy('waiting_list.seq')
          .limit(PAGE)
          .execute()
      ).map((w) => ({
        event_uuid: w.event_uuid,
        event_name: w.event_name,
        start_date: isoOf(w.start_date),
        wished_stuff_name: w.stuff_name,
        joined_at: isoOf(w.created_at),
        key: w.seq,
      })),
    ),
    promotions: paged<Section<'promotions'>, string>(async (after) =>
      (
        await db
          .selectFrom('waiting_list_promotions')
          .innerJoin('events', 'events.uuid', 'waiting_list_promotions.event_uuid')
          .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
          .select([...eventColumns, 'waiting_list_promotions.id', 'waiting_list_promotions.promoted_at'])
          .where('waiting_list_promotions.user_id', '=', userId)
          .$if(after !== null, (q) => q.where('waiting_list_promotions.id', '>', after as string))
          .orderBy('waiting_list_promotions.id')
          .limit(PAGE)
          .execute()
      ).map((p) => ({
        event_uuid: p.event_uuid,
        event_name: p.event_name,
        start_date: isoOf(p.start_date),
        promoted_at: isoOf(p.promoted_at),
        key: p.id,
      })),
    ),
    declines: paged<Section<'declines'>, string>(async (after) =>
      (
        await db
          .selectFrom('event_declines')
          .innerJoin('events', 'events.uuid', 'event_declines.event_uuid')
          .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
          .select([...eventColumns, 'event_declines.declined_at'])
          .where('event_declines.user_id', '=', userId)
          .$if(after !== null, (q) => q.where('event_declines.event_uuid', '>', after as string))
          .orderBy('event_declines.event_uuid')
          .limit(PAGE)
          .execute()
      ).map((d) => ({
        event_uuid: d.event_uuid,
        event_name: d.event_name,
        start_date: isoOf(d.start_date),
        declined_at: isoOf(d.declined_at),
        key: d.event_uuid,
      })),
    ),
    guests: paged<Section<'guests'>, number>(async (after) =>
      (
        await db
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
          .limit(PAGE)
          .execute()
      ).map((g) => ({
        event_uuid: g.event_uuid,
        event_name: g.event_name,
        start_date: isoOf(g.start_date),
        first_name: g.first_name,
        last_name: g.last_name,
        age: g.age,
        email: g.email,
        phone: g.phone,
        status: g.status,
        invited_at: isoOf(g.created_at),
        key: g.id,
      })),
    ),
    walk_ins: paged<Section<'walk_ins'>, number>(async (after) =>
      (
        await db
          .selectFrom('walk_ins')
          .innerJoin('events', 'events.uuid', 'walk_ins.event_uuid')
          .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
          .select([...eventColumns, 'walk_ins.id', 'walk_ins.status', 'walk_ins.checked_at'])
          .where('walk_ins.user_id', '=', userId)
          .$if(after !== null, (q) => q.where('walk_ins.id', '>', after as number))
          .orderBy('walk_ins.id')
          .limit(PAGE)
          .execute()
      ).map((w) => ({
        event_uuid: w.event_uuid,
        event_name: w.event_name,
        start_date: isoOf(w.start_date),
        status: w.status,
        checked_at: isoOf(w.checked_at),
        key: w.id,
      })),
    ),
    attendance_log: paged<Section<'attendance_log'>, string>(async (after) =>
      (
        await db
          .selectFrom('checklist_log')
          .select([
            'id',
            'event_uuid',
            'status',
            'checked_by_name',
            'checked_at',
            'received_at',
            'is_ignored',
          ])
          .where('user_id', '=', userId)
          .where('is_invited', '=', false)
          // The log's ids are a bigint sequence: ordered as numbers, not as text.
          .$if(after !== null, (q) => q.where('id', '>', after as string))
          .orderBy('id')
          .limit(PAGE)
          .execute()
      ).map((l) => ({
        event_uuid: l.event_uuid,
        status: l.status,
        checked_by: l.checked_by_name,
        checked_at: isoOf(l.checked_at),
        received_at: isoOf(l.received_at),
        is_ignored: l.is_ignored,
        key: l.id,
      })),
    ),
  };
}
