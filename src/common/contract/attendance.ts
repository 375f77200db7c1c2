import { attendanceStatusSchema } from './fields';
import { z } from './zod';

/**
 * One line of an event's attendance record: a checklist row as the screen shows it, with who set its current
 * check, the device time of that tick and when the server received it (null: never ticked).
 */
export const attendanceEntrySchema = z.object({
  is_invited: z.boolean(),
  /** The checklist's `user_id`: the member's id, or the guest's number (a walk-in's number for a walk-in). */
  user_id: z.union([z.string(), z.number().int()]),
  name: z.string(),
  stuff_name: z.string(),
  is_checked: z.boolean(),
  checked_at: z.string().nullable(),
  checked_by: z.string().nullable(),
  received_at: z.string().nullable(),
  /**
   * A member's phone, for those who take attendance (docs/rules.md#roles) to call someone late; null for a
   * guest or a member who gave none. Optional to readers of older servers.
   */
  phone: z.string().nullable().optional(),
  /** The row's status, and whether it is a walk-in; optional to readers of older servers. */
  status: attendanceStatusSchema.optional(),
  is_walk_in: z.boolean().optional(),
  /** The checklist row this line is (`u:`, `g:` or `w:` then the person): how the screen finds it. */
  row_key: z.string().optional(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

export const attendanceSchema = z.array(attendanceEntrySchema);

export const attendancePath = (eventUuid: string) => `/api/event/${eventUuid}/attendance`;
export const attendanceCsvPath = (eventUuid: string) => `/api/event/${eventUuid}/attendance.csv`;

/** A tick that reached the server more than this after it was made was made offline (or queued). */
export const SENT_OFFLINE_AFTER_MS = 60_000;

export const wasSentOffline = (entry: Pick<AttendanceEntry, 'checked_at' | 'received_at'>): boolean =>
  entry.checked_at !== null &&
  entry.received_at !== null &&
  Date.parse(entry.received_at) - Date.parse(entry.checked_at) > SENT_OFFLINE_AFTER_MS;
