import type { Kysely } from 'kysely';
import type { AttendanceEntry } from '../../../src/common/contract/attendance';
import type { Language } from '../../../src/common/contract/user';
import { mayReadAttendance } from '../../../src/common/rules/attendance';
import { checklistRows, sortRows } from '../../../src/common/rules/checklist-rows';
import { clubDayOf, clubTimeOf } from '../../../src/common/rules/club-time';
import { toCsv } from '../../csv';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { catalogueText } from '../../i18n';
import { attendanceTeamOf } from '../events/co-organisers';
import { eventDto } from '../events/event-details';
import { findEvent } from '../events/events.repository';
import { currentChecks } from './checklist-log.repository';

/**
 * An event's attendance record: the checklist's rows, in the screen's default order (by name), each with
 * who set its current check, that tick's device time and when the server received it, from the log.
 * A row whose check predates the log (or was never ticked) has no tick to show.
 */
export async function attendanceOf(
  db: Kysely<Database>,
  actor: UserRow,
  eventUuid: string,
): Promise<AttendanceEntry[]> {
  const event = await findEvent(db, eventUuid);
  if (!event) throw new HttpError(404, 'not_found', 'id');
  assertAllowed(mayReadAttendance(actor, await attendanceTeamOf(db, event)));
  const [dto, checks] = await Promise.all([eventDto(db, eventUuid), currentChecks(db, eventUuid)]);
  const ticks = new Map(checks.map((c) => [c.is_invited ? `g:${c.guest_id}` : `u:${c.user_id}`, c]));
  const phones = await memberPhones(
    db,
    dto.subscribers_with_stuff.map((s) => s.id),
  );
  return sortRows(checklistRows(dto), [{ column: 'name', direction: 'asc' }]).map((row) => {
    const tick = ticks.get(row.key);
    return {
      is_invited: row.isInvited,
      user_id: row.userId,
      name: row.name,
      stuff_name: row.stuff,
      is_checked: row.isChecked,
      checked_at: tick?.checked_at.toISOString() ?? null,
      checked_by: tick?.checked_by_name ?? null,
      received_at: tick?.received_at.toISOString() ?? null,
      phone: row.isInvited ? null : (phones.get(String(row.userId)) ?? null),
    };
  });
}

/** The phones the members gave, by id (those who gave none are left out). */
async function memberPhones(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('id', 'in', ids)
    .where('phone', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.phone as string]));
}

const COLUMNS = ['name', 'kind', 'stuff', 'present', 'checked_at', 'checked_by', 'received_at'] as const;

/** The record as a CSV for a spreadsheet: headers and yes/no in the caller's language, club times. */
export function attendanceCsv(entries: AttendanceEntry[], language: Language, timeZone: string): string {
  const text = (key: string) => catalogueText(language, 'attendance_csv', key);
  const when = (iso: string | null) => {
    if (iso === null) return null;
    const instant = new Date(iso);
    const [year, month, day] = clubDayOf(instant, timeZone).split('-');
    const date = language === 'fr' ? `${day}/${month}/${year}` : `${year}-${month}-${day}`;
    return `${date} ${clubTimeOf(instant, timeZone)}`;
  };
  return toCsv(
    COLUMNS.map(text),
    entries.map((e) => [
      e.name,
      text(e.is_invited ? 'guest' : 'member'),
      e.stuff_name,
      text(e.is_checked ? 'yes' : 'no'),
      when(e.checked_at),
      e.checked_by,
      when(e.received_at),
    ]),
  );
}
