/** No zod here: the checklist's writes are queued before the contract's schemas load. */
/**
 * A checklist row's status (docs/rules.md#checklist). `is_checked` stays in every answer, true exactly for
 * present and late, so an older client reads what it always did.
 */
export const ATTENDANCE_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const isPresentStatus = (status: AttendanceStatus): boolean =>
  status === 'present' || status === 'late';

/** What an older client's tick means: true is present, false absent. */
export const statusOfCheck = (isChecked: boolean): AttendanceStatus => (isChecked ? 'present' : 'absent');

/** A row's status; one from an older server or cache carries only its check. */
export const rowStatus = (row: {
  status?: AttendanceStatus | undefined;
  is_checked: boolean;
}): AttendanceStatus => row.status ?? statusOfCheck(row.is_checked);

/** The status a checklist write sets: `status` when sent, else what its `is_checked` means. */
export const requestedStatus = (c: {
  is_checked?: boolean | undefined;
  status?: AttendanceStatus | undefined;
}) => c.status ?? statusOfCheck(c.is_checked ?? false);
