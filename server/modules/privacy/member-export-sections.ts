import type { MemberExport } from '@common/contract/member-export';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  attendanceLogPage,
  EXPORT_PAGE,
  notificationPreferencesPage,
  pushDevicesPage,
  sessionsPage,
} from './member-export.repository';
import {
  commentsPage,
  declinesPage,
  guestsPage,
  promotionsPage,
  subscriptionsPage,
  waitingListPage,
  walkInsPage,
} from './member-export-events.repository';

type Db = Kysely<Database>;
type Section<K extends keyof MemberExport> = MemberExport[K] extends Array<infer Row> ? Row : never;

export const iso = (date: Date | null) => date?.toISOString() ?? null;
export const isoOf = (date: Date) => date.toISOString();

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
    if (rows.length < EXPORT_PAGE) return;
  }
}

/** The sections that are lists, each read in pages, in the file's order. */
export function listSections(db: Db, userId: string) {
  return {
    notification_preferences: paged<Section<'notification_preferences'>, string>((after) =>
      notificationPreferencesPage(db, userId, after),
    ),
    sessions: paged<Section<'sessions'>, string>(async (after) =>
      (await sessionsPage(db, userId, after)).map((s) => ({
        created_at: isoOf(s.created_at),
        last_used_at: isoOf(s.last_used_at),
        key: s.token_hash,
      })),
    ),
    push_devices: paged<Section<'push_devices'>, string>(async (after) =>
      (await pushDevicesPage(db, userId, after)).map((d) => ({
        endpoint_host: URL.canParse(d.endpoint) ? new URL(d.endpoint).host : '',
        user_agent: d.user_agent,
        created_at: isoOf(d.created_at),
        key: d.id,
      })),
    ),
    subscriptions: paged<Section<'subscriptions'>, string>(async (after) =>
      (await subscriptionsPage(db, userId, after)).map((s) => ({
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
      (await waitingListPage(db, userId, after)).map((w) => ({
        event_uuid: w.event_uuid,
        event_name: w.event_name,
        start_date: isoOf(w.start_date),
        wished_stuff_name: w.stuff_name,
        joined_at: isoOf(w.created_at),
        key: w.seq,
      })),
    ),
    promotions: paged<Section<'promotions'>, string>(async (after) =>
      (await promotionsPage(db, userId, after)).map((p) => ({
        event_uuid: p.event_uuid,
        event_name: p.event_name,
        start_date: isoOf(p.start_date),
        promoted_at: isoOf(p.promoted_at),
        key: p.id,
      })),
    ),
    declines: paged<Section<'declines'>, string>(async (after) =>
      (await declinesPage(db, userId, after)).map((d) => ({
        event_uuid: d.event_uuid,
        event_name: d.event_name,
        start_date: isoOf(d.start_date),
        declined_at: isoOf(d.declined_at),
        key: d.event_uuid,
      })),
    ),
    guests: paged<Section<'guests'>, number>(async (after) =>
      (await guestsPage(db, userId, after)).map((g) => ({
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
      (await walkInsPage(db, userId, after)).map((w) => ({
        event_uuid: w.event_uuid,
        event_name: w.event_name,
        start_date: isoOf(w.start_date),
        status: w.status,
        checked_at: isoOf(w.checked_at),
        key: w.id,
      })),
    ),
    comments: paged<Section<'comments'>, string>(async (after) =>
      (await commentsPage(db, userId, after)).map((c) => ({
        event_uuid: c.event_uuid,
        event_name: c.event_name,
        start_date: isoOf(c.start_date),
        text: c.text,
        acting_for: c.acting_for,
        created_at: isoOf(c.created_at),
        edited_at: iso(c.edited_at),
        key: c.id,
      })),
    ),
    attendance_log: paged<Section<'attendance_log'>, string>(async (after) =>
      (await attendanceLogPage(db, userId, after)).map((l) => ({
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
