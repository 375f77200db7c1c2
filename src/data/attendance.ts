/**
 * An event's attendance record (who ticked each row, the device time, the receipt): read online, kept in
 * Dexie so the checklist still shows it at the venue offline, and its CSV export (online only).
 */

import {
  type AttendanceEntry,
  attendanceCsvPath,
  attendancePath,
  attendanceSchema,
} from '@common/contract/attendance';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiRequest } from './core/api-client';
import { appDb } from './core/db';
import { downloadFile } from './downloads';

const NO_ENTRIES = new Map<string, AttendanceEntry>();

/** The stored record, by checklist row key (`u:` members, `g:` guests, `w:` walk-ins); empty until first read. */
export function useAttendance(eventUuid: string | undefined): Map<string, AttendanceEntry> {
  return (
    useLiveQuery(async () => {
      if (!eventUuid) return NO_ENTRIES;
      const row = await appDb().attendance.get(eventUuid);
      return new Map(row?.entries.map((e) => [e.row_key ?? `${e.is_invited ? 'g' : 'u'}:${e.user_id}`, e]));
    }, [eventUuid]) ?? NO_ENTRIES
  );
}

/** Reads the record again from the server and keeps it. */
export async function refreshAttendance(eventUuid: string): Promise<void> {
  const entries = await apiRequest('GET', attendancePath(eventUuid), { schema: attendanceSchema });
  await appDb().attendance.put({ eventUuid, entries });
}

/** The CSV, saved as `fileName` unless the server names it (both name it alike: docs/rules.md#file-names). */
export function downloadAttendanceCsv(eventUuid: string, fileName: string): Promise<void> {
  return downloadFile(attendanceCsvPath(eventUuid), fileName);
}
