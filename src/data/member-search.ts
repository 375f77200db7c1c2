/**
 * Club members found by name, to add one as a walk-in: read online as the organiser types, never cached (a
 * search is not something to keep on a phone). Offline it fails, and the dialog offers a free name.
 */

import { type MemberFound, memberFoundSchema, memberSearchPath } from '@common/contract/walk-in';
import { z } from '@common/contract/zod';
import { useEffect, useState } from 'react';
import { apiRequest } from './core/api-client';

export type { MemberFound };

export type MemberSearch =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'found'; members: MemberFound[] }
  | { state: 'failed' };

/** The server's least: shorter would list half the club. */
export const MEMBER_SEARCH_MIN = 2;
/** Typing waits this long before a search leaves: one request per pause, not per letter. */
const DEBOUNCE_MS = 250;
const membersSchema = z.array(memberFoundSchema);

export function useMemberSearch(eventUuid: string, query: string): MemberSearch {
  const [search, setSearch] = useState<MemberSearch>({ state: 'idle' });
  const text = query.trim();
  useEffect(() => {
    if (text.length < MEMBER_SEARCH_MIN) {
      setSearch({ state: 'idle' });
      return;
    }
    let isCurrent = true;
    setSearch({ state: 'searching' });
    const timer = setTimeout(() => {
      const path = `${memberSearchPath(eventUuid)}?q=${encodeURIComponent(text)}`;
      apiRequest('GET', path, { schema: membersSchema }).then(
        (members) => isCurrent && setSearch({ state: 'found', members }),
        () => isCurrent && setSearch({ state: 'failed' }),
      );
    }, DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [eventUuid, text]);
  return search;
}

/** First and last name, as the checklist names members. */
export const foundName = (m: MemberFound): string =>
  [m.first_name, m.last_name].filter(Boolean).join(' ').trim();
