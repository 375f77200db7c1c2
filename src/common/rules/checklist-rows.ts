import { type AttendanceStatus, isPresentStatus, rowStatus } from '@common/contract/attendance-status';
import type { EventDto } from '@common/contract/event';
import { walkInPersonKey } from '@common/contract/walk-in-key';

/** One booked item of a row's kit, with its state at the venue (docs/rules.md#kit); neither until known. */
export interface KitItem {
  uuid: string;
  name: string;
  handedOut: boolean;
  returned: boolean;
}

/** A registered member, one of their guests, or someone who came without registering. */
export type ChecklistRowKind = 'member' | 'guest' | 'walk_in';

/**
 * The checklist's rows, shared by the screen and the attendance export, so the CSV's lines are the screen's
 * lines.
 */
export interface ChecklistRow {
  /** `u:<member id>`, `g:<guest number>`, or `w:<person key>` for a walk-in (stable before the server numbers it). */
  key: string;
  /** The member's id, the guest's number, or the walk-in's number (0 until the server gave one). */
  userId: string | number;
  isInvited: boolean;
  kind: ChecklistRowKind;
  name: string;
  /** The kit's names, in its order, joined: what the list sorts by and the attendance CSV writes. */
  stuff: string;
  /** The booked items (docs/rules.md#kit); empty for own equipment and for walk-ins. */
  kit: KitItem[];
  status: AttendanceStatus;
  /** Present or late: what `is_checked` says. */
  isChecked: boolean;
  /** A guest's member's row key: the guest sits under them. */
  hostKey?: string;
  /** A walk-in's person, as its writes name them: the member's id, else the free name. */
  walkIn?: { user_id: string | null; name: string };
}

export type SortColumn = 'name' | 'stuff';
export interface SortKey {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

const NO_STUFF = 'default_name';

/**
 * A member as an organiser calls them: first and last name, else the username; a deleted member by the
 * caller's words for one, as the answers carry no name for them.
 */
const personName = (s: EventDto['subscribers_with_stuff'][number], deletedName: string): string =>
  s.is_deleted ? deletedName : [s.first_name, s.last_name].filter(Boolean).join(' ').trim() || s.username;

const withStatus = (status: AttendanceStatus) => ({ status, isChecked: isPresentStatus(status) });

type KitEntry = Pick<EventDto['invite_list'][number], 'uuid_stuff' | 'stuffs' | 'stuffs_state'>;

/**
 * An entry's booked items, named from what the event offers, with their hand-out state (only those who take
 * attendance read it). An entry from an older server or cache has `uuid_stuff` alone; the first item falls
 * back to the entry's `stuff_name`; an item the event no longer names is left out, as no one could call it.
 */
function kitOf(event: EventDto, entry: KitEntry, firstName?: string): Pick<ChecklistRow, 'stuff' | 'kit'> {
  const uuids = entry.stuffs ?? (entry.uuid_stuff ? [entry.uuid_stuff] : []);
  const kit = uuids.flatMap((uuid, i): KitItem[] => {
    const offered = event.stuffs_available.find((s) => s.uuid === uuid)?.name;
    const name = offered ?? (i === 0 && firstName !== NO_STUFF ? firstName : undefined);
    if (!name) return [];
    const state = entry.stuffs_state?.find((s) => s.uuid === uuid);
    return [{ uuid, name, handedOut: state?.handed_out ?? false, returned: state?.returned ?? false }];
  });
  return { stuff: kit.map((item) => item.name).join(', '), kit };
}

/**
 * Subscribers, guests, then walk-ins, as rows; the placeholder stuff name shows blank. `deletedName` names a
 * member who deleted their account (« Membre supprimé », in the reader's language).
 */
export function checklistRows(event: EventDto, deletedName = ''): ChecklistRow[] {
  return [
    ...event.subscribers_with_stuff.map(
      (s): ChecklistRow => ({
        key: `u:${s.id}`,
        userId: s.id,
        isInvited: false,
        kind: 'member',
        name: personName(s, deletedName),
        ...kitOf(event, s, s.stuff_name),
        ...withStatus(rowStatus(s)),
      }),
    ),
    ...event.invite_list.map(
      (g): ChecklistRow => ({
        key: `g:${g.id}`,
        userId: g.id,
        isInvited: true,
        kind: 'guest',
        name: `${g.first_name} ${g.last_name}`,
        ...kitOf(event, g),
        ...withStatus(rowStatus(g)),
        hostKey: `u:${g.uuid_user}`,
      }),
    ),
    ...(event.walk_ins ?? []).map(
      (w): ChecklistRow => ({
        key: `w:${walkInPersonKey(w)}`,
        userId: w.id,
        isInvited: false,
        kind: 'walk_in',
        // The erasure blanks a deleted member's walk-in name; a free-name walk-in always has one.
        name: w.user_id !== null && w.name === '' ? deletedName : w.name,
        stuff: '',
        kit: [],
        ...withStatus(w.status),
        walkIn: { user_id: w.user_id, name: w.name },
      }),
    ),
  ];
}

// One collator for every comparison: localeCompare with options builds a new one on each call.
const collator = new Intl.Collator('fr', { sensitivity: 'base' });

const sortedBy = (rows: ChecklistRow[], keys: SortKey[]) =>
  [...rows].sort((a, b) => {
    for (const { column, direction } of keys) {
      const order = collator.compare(a[column], b[column]);
      if (order !== 0) return direction === 'asc' ? order : -order;
    }
    return 0;
  });

/**
 * Several columns at once: the first key decides, the next ones break ties. Guests sit right under their
 * member, sorted among themselves; a guest whose member has no row here is sorted with the rest.
 */
export function sortRows(rows: ChecklistRow[], keys: SortKey[]): ChecklistRow[] {
  const keysShown = new Set(rows.map((r) => r.key));
  const isUnder = (r: ChecklistRow) => r.hostKey !== undefined && keysShown.has(r.hostKey);
  const guestsOf = new Map<string, ChecklistRow[]>();
  for (const guest of sortedBy(rows.filter(isUnder), keys)) {
    const list = guestsOf.get(guest.hostKey as string);
    if (list) list.push(guest);
    else guestsOf.set(guest.hostKey as string, [guest]);
  }
  return sortedBy(
    rows.filter((r) => !isUnder(r)),
    keys,
  ).flatMap((r) => [r, ...(guestsOf.get(r.key) ?? [])]);
}
