/**
 * Club members found by name, to add one as a walk-in: read online as the organiser types. With no signal (or
 * when the server cannot be reached), the club's list an organiser's device keeps (docs/rules.md#checklist) is
 * searched instead; with no list kept it fails, and the dialog offers a free name.
 */

import type { ClubMember } from '@common/contract/walk-in';
import {
  MEMBER_SEARCH_MAX,
  type MemberFound,
  memberFoundSchema,
  memberSearchPath,
} from '@common/contract/walk-in';
import { z } from '@common/contract/zod';
import { useEffect, useState } from 'react';
import { apiRequest } from './core/api-client';
import { keptClubMembers, refreshClubMembers } from './core/club-members';
import { appDb } from './core/db';
import { useIsOnline } from './sync-status';

export type { MemberFound };

export type MemberSearch =
  | { state: 'idle' }
  | { state: 'searching' }
  /** `onDevice`: found in the list kept on this device, not by the server. */
  | { state: 'found'; members: MemberFound[]; onDevice: boolean }
  | { state: 'failed' };

/** The server's least: shorter would list half the club. */
export const MEMBER_SEARCH_MIN = 2;
/** Typing waits this long before a search leaves: one request per pause, not per letter. */
const DEBOUNCE_MS = 250;
const membersSchema = z.array(memberFoundSchema);

/** Lower case, accents and repeated spaces aside: « eloise » finds « Éloïse ». */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The server's search, done on the kept list: the text in "first last" or "last first", at most 20, by name,
 * leaving out `registered` (members with their own row at the event).
 */
export function searchKeptMembers(
  members: readonly ClubMember[],
  query: string,
  registered: ReadonlySet<string>,
): MemberFound[] {
  const text = folded(query);
  const matches = (m: ClubMember) =>
    !registered.has(m.id) &&
    (folded(`${m.first_name ?? ''} ${m.last_name ?? ''}`).includes(text) ||
      folded(`${m.last_name ?? ''} ${m.first_name ?? ''}`).includes(text));
  return members
    .filter(matches)
    .slice(0, MEMBER_SEARCH_MAX)
    .map((m) => ({ id: m.id, first_name: m.first_name, last_name: m.last_name, thumbnail_url: m.thumbnail }));
}

/** The kept list searched for this event, or null when this device keeps none for this member. */
async function searchOnDevice(
  userId: string,
  eventUuid: string,
  text: string,
): Promise<MemberFound[] | null> {
  const db = appDb();
  const members = await keptClubMembers(db, userId);
  if (members === null) return null;
  const event = await db.events.get(eventUuid);
  const registered = new Set((event?.subscribers_with_stuff ?? []).map((s) => s.id));
  return searchKeptMembers(members, text, registered);
}

export function useMemberSearch(userId: string, eventUuid: string, query: string): MemberSearch {
  const [search, setSearch] = useState<MemberSearch>({ state: 'idle' });
  const isOnline = useIsOnline();
  const text = query.trim();
  useEffect(() => {
    if (text.length < MEMBER_SEARCH_MIN) {
      setSearch({ state: 'idle' });
      return;
    }
    let isCurrent = true;
    setSearch({ state: 'searching' });
    const onDevice = () =>
      searchOnDevice(userId, eventUuid, text).then(
        (members) =>
          isCurrent && setSearch(members ? { state: 'found', members, onDevice: true } : { state: 'failed' }),
        () => isCurrent && setSearch({ state: 'failed' }),
      );
    const timer = setTimeout(() => {
      if (!isOnline) {
        void onDevice();
        return;
      }
      const path = `${memberSearchPath(eventUuid)}?q=${encodeURIComponent(text)}`;
      apiRequest('GET', path, { schema: membersSchema }).then(
        (members) => isCurrent && setSearch({ state: 'found', members, onDevice: false }),
        () => isCurrent && void onDevice(),
      );
    }, DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [userId, eventUuid, text, isOnline]);
  return search;
}

/**
 * Reads the club's list again if this member may keep it (an organiser of an upcoming event), or drops it; the
 * checklist asks when it opens online, as the sync engine does after each week's read.
 */
export function keepClubMembersForWalkIns(): Promise<void> {
  return refreshClubMembers(appDb());
}

/** First and last name, as the checklist names members. */
export const foundName = (m: MemberFound): string =>
  [m.first_name, m.last_name].filter(Boolean).join(' ').trim();
