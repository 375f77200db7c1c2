import type { EventDto } from '../../common/contract/event';

export interface ChecklistRow {
  key: string;
  userId: string | number;
  isInvited: boolean;
  name: string;
  stuff: string;
  isChecked: boolean;
}

export type SortColumn = 'name' | 'stuff';
export interface SortKey {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

const NO_STUFF = 'default_name';

/** Subscribers then guests, as rows; the placeholder stuff name shows blank (product-spec §2). */
export function checklistRows(event: EventDto): ChecklistRow[] {
  const stuffName = (uuid: string | null) => event.stuffs_available.find((s) => s.uuid === uuid)?.name ?? '';
  return [
    ...event.subscribers_with_stuff.map((s) => ({
      key: `u:${s.id}`,
      userId: s.id,
      isInvited: false,
      name: s.username,
      stuff: s.stuff_name === NO_STUFF ? '' : s.stuff_name,
      isChecked: s.is_checked,
    })),
    ...event.invite_list.map((g) => ({
      key: `g:${g.id}`,
      userId: g.id,
      isInvited: true,
      name: `${g.first_name} ${g.last_name}`,
      stuff: stuffName(g.uuid_stuff),
      isChecked: g.is_checked,
    })),
  ];
}

// One collator for every comparison: localeCompare with options builds a new one on each call.
const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/** Several columns at once: the first key decides, the next ones break ties. */
export function sortRows(rows: ChecklistRow[], keys: SortKey[]): ChecklistRow[] {
  return [...rows].sort((a, b) => {
    for (const { column, direction } of keys) {
      const order = collator.compare(a[column], b[column]);
      if (order !== 0) return direction === 'asc' ? order : -order;
    }
    return 0;
  });
}

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

/** The equipment list: each stuff with the number of people on it, sorted by name. */
export function stuffCounts(event: EventDto): Array<{ name: string; count: number }> {
  const counts = new Map<string, number>();
  for (const row of checklistRows(event))
    if (row.stuff) counts.set(row.stuff, (counts.get(row.stuff) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}
