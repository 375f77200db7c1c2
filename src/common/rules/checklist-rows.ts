import type { EventDto } from '../contract/event';

/**
 * The checklist's rows, shared by the screen and the attendance export (issue 12), so the CSV's lines are
 * the screen's lines.
 */
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

/** A member as an organiser calls them (issue 28): first and last name, else the username. */
const personName = (s: EventDto['subscribers_with_stuff'][number]): string =>
  [s.first_name, s.last_name].filter(Boolean).join(' ').trim() || s.username;

/** Subscribers then guests, as rows; the placeholder stuff name shows blank (product-spec §2). */
export function checklistRows(event: EventDto): ChecklistRow[] {
  const stuffName = (uuid: string | null) => event.stuffs_available.find((s) => s.uuid === uuid)?.name ?? '';
  return [
    ...event.subscribers_with_stuff.map((s) => ({
      key: `u:${s.id}`,
      userId: s.id,
      isInvited: false,
      name: personName(s),
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
