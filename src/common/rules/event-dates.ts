/**
 * An event's dates (docs/rules.md#events): the end comes after the start (`error_date`), and a new start is
 * not in the past (`error_date_past`). An update that keeps its start may keep a start already passed (an
 * event under way can still be edited). The server refuses with these codes; the form shows the same message
 * under its fields before sending.
 */
export type EventDateError = 'error_date' | 'error_date_past';

export interface EventDateCheck {
  code: EventDateError;
  field: 'end_date' | 'start_date';
}

export function eventDateError(
  start: Date,
  end: Date,
  now: Date,
  previousStart: Date | null = null,
): EventDateCheck | null {
  if (end.getTime() <= start.getTime()) return { code: 'error_date', field: 'end_date' };
  const startChanged = previousStart === null || previousStart.getTime() !== start.getTime();
  if (startChanged && start < now) return { code: 'error_date_past', field: 'start_date' };
  return null;
}
