import type { EventDto } from '@common/contract/event';
import {
  type ChecklistRow,
  checklistRows,
  type SortColumn,
  type SortKey,
} from '@common/rules/checklist-rows';

/** What the order depends on: the rows and their sorted columns, not their ticks. */
export function orderSignature(rows: ChecklistRow[]): string {
  return rows.map((r) => `${r.key}\u0000${r.name}\u0000${r.stuff}`).join('\u0001');
}

/** A click sorts by that column alone; a shift-click adds it (or flips it) among the current keys. */
export function nextSort(keys: SortKey[], column: SortColumn, isAdding: boolean): SortKey[] {
  const existing = keys.find((k) => k.column === column);
  const flipped: SortKey = { column, direction: existing?.direction === 'asc' ? 'desc' : 'asc' };
  if (!isAdding) return [flipped];
  return existing ? keys.map((k) => (k.column === column ? flipped : k)) : [...keys, flipped];
}

/**
 * The equipment list: every stuff the event offers with the number of people on it, 0 where nobody holds it,
 * sorted by name.
 */
export function stuffCounts(event: EventDto): Array<{ name: string; count: number }> {
  const counts = new Map<string, number>(event.stuffs_available.map((s) => [s.name, 0]));
  for (const row of checklistRows(event))
    if (row.stuff) counts.set(row.stuff, (counts.get(row.stuff) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}
