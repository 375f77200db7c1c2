import type { EventDto } from '@common/contract/event';

/** One person of who's coming, as the sheet lists them. */
export interface Attendee {
  key: string;
  /** First and last name, else the username; null for a member hidden from this reader (« Un membre »). */
  name: string | null;
  thumbnailUrl: string | null;
  isMe: boolean;
  /** Named to this reader (an organiser, or the member themself) but « Un membre » to other members. */
  hidesFromMembers: boolean;
  /** Guests the member brought: their count is what members see ("+1"). */
  guests: number;
}

export interface WaitingAttendee extends Omit<Attendee, 'guests'> {
  position: number;
}

type Person = {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
  thumbnail_url?: string | null;
  is_hidden?: boolean;
  is_deleted?: boolean;
};

const nameOf = (p: Person, isMe: boolean, deletedName: string): string | null => {
  if (p.is_deleted) return deletedName;
  if (p.is_hidden && !isMe && !p.username) return null;
  return [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username;
};

/**
 * The event's answer as a list: the registered with their guests counted under them, then the line in
 * order. `deletedName` names a member who deleted their account (« Membre supprimé »).
 */
export function attendeesOf(
  event: EventDto,
  meId: string,
  deletedName = '',
): { registered: Attendee[]; waiting: WaitingAttendee[] } {
  const guestsBy = new Map<string, number>();
  for (const guest of event.invite_list)
    guestsBy.set(guest.uuid_user, (guestsBy.get(guest.uuid_user) ?? 0) + 1);
  const registered = event.subscribers_with_stuff.map((s) => ({
    key: s.uuid || s.id,
    name: nameOf(s, s.id === meId, deletedName),
    thumbnailUrl: s.thumbnail_url ?? null,
    isMe: s.id === meId,
    hidesFromMembers: Boolean(s.is_hidden && s.username),
    guests: guestsBy.get(s.id) ?? 0,
  }));
  const waiting = event.waiting_list.map((w, index) => ({
    key: `${w.uuid_user}-${w.created_at}`,
    name: nameOf(w, w.uuid_user === meId, deletedName),
    thumbnailUrl: w.thumbnail_url ?? null,
    isMe: w.uuid_user === meId,
    hidesFromMembers: Boolean(w.is_hidden && w.username),
    position: w.position ?? index + 1,
  }));
  // The reader first: the one name they look for.
  registered.sort((a, b) => Number(b.isMe) - Number(a.isMe));
  return { registered, waiting };
}

/** Initials for a face with no picture: "AL" for Anne Le Gall, "?" for someone hidden. */
export function initialsOf(name: string | null): string {
  if (!name) return '?';
  const words = name.split(/[\s._-]+/).filter(Boolean);
  return (
    ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase() ||
    '?'
  );
}
