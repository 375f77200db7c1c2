import type { ChecklistRow, KitItem, SortColumn, SortKey } from '@common/rules/checklist-rows';

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

/** Two kits show the same: rows are rebuilt on every change of the event, and only a changed one repaints. */
export function isSameKitShown(a: readonly KitItem[], b: readonly KitItem[]): boolean {
  return (
    a === b ||
    (a.length === b.length &&
      a.every((item, i) => {
        const other = b[i];
        return (
          other !== undefined &&
          item.uuid === other.uuid &&
          item.name === other.name &&
          item.handedOut === other.handedOut &&
          item.returned === other.returned
        );
      }))
  );
}

/** One line of the equipment summary: an item booked on this list, and how many went out and came back. */
export interface KitTotal {
  uuid: string;
  name: string;
  booked: number;
  handedOut: number;
  returned: number;
}

/**
 * The equipment summary above the list (docs/rules.md#kit): each item someone booked, members and guests alike,
 * with how many are booked, handed out and returned, sorted by name. An item nobody booked has no line.
 */
export function kitTotals(rows: readonly ChecklistRow[]): KitTotal[] {
  const totals = new Map<string, KitTotal>();
  for (const row of rows)
    for (const item of row.kit) {
      const total = totals.get(item.uuid) ?? {
        uuid: item.uuid,
        name: item.name,
        booked: 0,
        handedOut: 0,
        returned: 0,
      };
      total.booked += 1;
      if (item.handedOut) total.handedOut += 1;
      if (item.returned) total.returned += 1;
      totals.set(item.uuid, total);
    }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/** What a hand-out control sets, and the state it leaves. */
export type HandOutControl = 'handedOut' | 'returned';
export type HandOutState = Pick<KitItem, 'handedOut' | 'returned'>;
export interface HandOutChange {
  handedOut?: boolean;
  returned?: boolean;
}

/**
 * The write a tap on « Remis » or « Rendu » makes from the state shown, as values to set (never a toggle, so
 * taps replayed later land as they were made): « Rendu » implies « Remis », so returning sets both, and taking
 * « Remis » back clears « Rendu » too.
 */
export function nextHandOut(state: HandOutState, control: HandOutControl): HandOutChange {
  if (control === 'returned')
    return state.returned ? { returned: false } : { handedOut: true, returned: true };
  return state.handedOut ? { handedOut: false, returned: false } : { handedOut: true };
}
