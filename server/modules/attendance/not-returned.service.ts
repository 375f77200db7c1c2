import type { NotReturnedEntry } from '@common/contract/kit';
import type { Language } from '@common/contract/user';
import { notReturnedScope } from '@common/rules/attendance';
import type { Actor } from '@common/rules/events';
import type { Kysely } from 'kysely';
import { toCsv } from '../../csv';
import type { Database } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { displayName } from '../../mail/display-name';
import { csvTime } from './csv-time';
import { type NotReturnedRow, notReturnedRows } from './not-returned.repository';

/** A member as the list names them: first and last name, else the username in the last name's place. */
function memberNames(row: NotReturnedRow) {
  const hasName = row.member_first_name !== null || row.member_last_name !== null;
  return {
    first_name: row.member_first_name,
    last_name: hasName ? row.member_last_name : (row.member_username ?? null),
  };
}

function toEntry(row: NotReturnedRow): NotReturnedEntry {
  const isGuest = row.guest_id !== null;
  return {
    event_uuid: row.event_uuid,
    event_name: row.title || row.model_name,
    start_date: row.start_date.toISOString(),
    end_date: row.end_date.toISOString(),
    is_invited: isGuest,
    user_id: isGuest ? (row.guest_id as number) : (row.member_id ?? ''),
    ...(isGuest ? { first_name: row.guest_first_name, last_name: row.guest_last_name } : memberNames(row)),
    host_name: isGuest
      ? displayName({
          first_name: row.host_first_name,
          last_name: row.host_last_name,
          username: row.host_username ?? '',
        })
      : null,
    uuid_stuff: row.stuff_uuid,
    stuff_name: row.stuff_name,
    stuff_kind: row.stuff_kind,
    handed_out_at: row.changed_at?.toISOString() ?? null,
  };
}

const nameOf = (entry: NotReturnedEntry) => [entry.first_name, entry.last_name].filter(Boolean).join(' ');

/**
 * `GET /api/stuff/not-returned` (docs/rules.md#kit): the items handed out and not given back at events that have
 * ended and were not cancelled, newest event first and, within an event, by holder. An Admin reads the club's;
 * anyone else the events they take attendance at, and someone who organises nothing an empty list.
 */
export async function notReturned(
  db: Kysely<Database>,
  actor: Actor,
  now: Date,
): Promise<NotReturnedEntry[]> {
  const scope = notReturnedScope(actor);
  if (scope === 'none') return [];
  const entries = (await notReturnedRows(db, now, scope === 'club' ? null : actor.id)).map(toEntry);
  const eventOrder = new Map<string, number>();
  for (const entry of entries)
    if (!eventOrder.has(entry.event_uuid)) eventOrder.set(entry.event_uuid, eventOrder.size);
  const collator = new Intl.Collator('fr', { sensitivity: 'base' });
  // A stable sort: each holder's items keep their kit order.
  return entries.sort(
    (a, b) =>
      (eventOrder.get(a.event_uuid) ?? 0) - (eventOrder.get(b.event_uuid) ?? 0) ||
      collator.compare(nameOf(a), nameOf(b)),
  );
}

const COLUMNS = ['event', 'date', 'name', 'kind', 'host', 'stuff', 'stuff_kind', 'handed_out_at'] as const;

/** The list as a CSV, as the attendance CSV writes one: headers in the reader's language, club times. */
export function notReturnedCsv(entries: NotReturnedEntry[], language: Language, timeZone: string): string {
  const text = (key: string) => catalogueText(language, 'kit_csv', key);
  return toCsv(
    COLUMNS.map(text),
    entries.map((e) => [
      e.event_name,
      csvTime(e.start_date, language, timeZone),
      nameOf(e),
      text(e.is_invited ? 'guest' : 'member'),
      e.host_name,
      e.stuff_name,
      e.stuff_kind,
      csvTime(e.handed_out_at, language, timeZone),
    ]),
  );
}
