import type { AttendanceEntry } from '@common/contract/attendance';
import { type AttendanceStatus, rowStatus } from '@common/contract/attendance-status';
import type { Language } from '@common/contract/user';
import { mayReadAttendance } from '@common/rules/attendance';
import { checklistRows, sortRows } from '@common/rules/checklist-rows';
import type { Kysely } from 'kysely';
import { toCsv } from '../../csv';
import type { Database, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { eventDto } from '../events/event-details';
import { attendanceEvent } from './attendance-event';
import { currentChecks } from './checklist-log.repository';
import { csvTime } from './csv-time';
import { memberPhoneRows } from './members.repository';

/**
 * An event's attendance record: the checklist's rows, in the screen's default order (by name), each with
 * who set its current check, that tick's device time and when the server received it, from the log, and
 * its status (docs/rules.md#checklist); walk-ins are lines too, marked as such.
 * A row whose check predates the log (or was never ticked) has no tick to show.
 */
export async function attendanceOf(
  db: Kysely<Database>,
  actor: UserRow,
  eventUuid: string,
  language: Language,
): Promise<AttendanceEntry[]> {
  await attendanceEvent(db, actor, eventUuid, 'id', mayReadAttendance);
  const [dto, checks] = await Promise.all([eventDto(db, eventUuid), currentChecks(db, eventUuid)]);
  const ticks = new Map(checks.map((c) => [tickKey(c), c]));
  const phones = await memberPhones(
    db,
    dto.subscribers_with_stuff.map((s) => s.id),
  );
  const deletedName = catalogueText(language, 'attendees', 'deleted');
  return sortRows(checklistRows(dto, deletedName), [{ column: 'name', direction: 'asc' }]).map((row) => {
    const tick = ticks.get(row.kind === 'walk_in' ? `w:${row.userId}` : row.key);
    return {
      is_invited: row.isInvited,
      user_id: row.userId,
      name: row.name,
      stuff_name: row.stuff,
      is_checked: row.isChecked,
      status: row.status,
      is_walk_in: row.kind === 'walk_in',
      row_key: row.key,
      checked_at: tick?.checked_at.toISOString() ?? null,
      checked_by: tick?.checked_by_name ?? null,
      received_at: tick?.received_at.toISOString() ?? null,
      phone: row.kind === 'member' ? (phones.get(String(row.userId)) ?? null) : null,
    };
  });
}

/** The log's participant as a row key; a walk-in by its number (its row key is its person). */
const tickKey = (c: {
  is_invited: boolean;
  user_id: string | null;
  guest_id: number | null;
  walk_in_id: number | null;
}) => (c.walk_in_id !== null ? `w:${c.walk_in_id}` : c.is_invited ? `g:${c.guest_id}` : `u:${c.user_id}`);

/** The phones the members gave, by id (those who gave none are left out). */
async function memberPhones(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await memberPhoneRows(db, ids);
  return new Map(rows.map((r) => [r.id, r.phone as string]));
}

const COLUMNS = [
  'name',
  'kind',
  'stuff',
  'present',
  'status',
  'checked_at',
  'checked_by',
  'received_at',
] as const;

/** The record as a CSV for a spreadsheet: headers and yes/no in the caller's language, club times. */
export function attendanceCsv(entries: AttendanceEntry[], language: Language, timeZone: string): string {
  const text = (key: string) =>
    catalogueText(
      language,
      key === 'status' || key === 'walk_in' ? 'attendanceStatus' : 'attendance_csv',
      key,
    );
  const statusText = (status: AttendanceStatus) => catalogueText(language, 'attendanceStatus', status);
  const when = (iso: string | null) => csvTime(iso, language, timeZone);
  return toCsv(
    COLUMNS.map(text),
    entries.map((e) => [
      e.name,
      text(e.is_walk_in ? 'walk_in' : e.is_invited ? 'guest' : 'member'),
      e.stuff_name,
      text(e.is_checked ? 'yes' : 'no'),
      statusText(rowStatus(e)),
      when(e.checked_at),
      e.checked_by,
      when(e.received_at),
    ]),
  );
}
