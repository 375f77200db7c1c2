/**
 * « Matériel non rendu » (docs/rules.md#kit): the items handed out at ended events and not given back, for the
 * events' organisers and Admins. Read online when the screen opens, never cached: it is an office task, and a
 * list kept on the phone would soon say something already brought back is still out.
 */

import { type NotReturnedEntry, notReturnedListSchema } from '@common/contract/kit';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from './core/api-client';
import { downloadFile } from './downloads';
import { useIsOnline } from './sync-status';

export type { NotReturnedEntry };

export const NOT_RETURNED_PATH = '/api/stuff/not-returned';
export const NOT_RETURNED_CSV_PATH = '/api/stuff/not-returned.csv';

/** One person's items still out after an event: a member, or a guest with the member who brought them. */
export interface NotReturnedPerson {
  key: string;
  isInvited: boolean;
  firstName: string | null;
  lastName: string | null;
  hostName: string | null;
  items: Array<{ uuid: string; name: string; kind: string | null; handedOutAt: string | null }>;
}

export interface NotReturnedEvent {
  uuid: string;
  name: string;
  start: string;
  end: string;
  people: NotReturnedPerson[];
}

/** The list per event, newest first, then per person in the order the server gave, each with their items. */
export function byEvent(entries: readonly NotReturnedEntry[]): NotReturnedEvent[] {
  const events = new Map<string, NotReturnedEvent>();
  for (const entry of entries) {
    let event = events.get(entry.event_uuid);
    if (!event) {
      event = {
        uuid: entry.event_uuid,
        name: entry.event_name,
        start: entry.start_date,
        end: entry.end_date,
        people: [],
      };
      events.set(entry.event_uuid, event);
    }
    const key = `${entry.is_invited ? 'g' : 'u'}:${entry.user_id}`;
    let person = event.people.find((p) => p.key === key);
    if (!person) {
      person = {
        key,
        isInvited: entry.is_invited,
        firstName: entry.first_name,
        lastName: entry.last_name,
        hostName: entry.host_name,
        items: [],
      };
      event.people.push(person);
    }
    person.items.push({
      uuid: entry.uuid_stuff,
      name: entry.stuff_name,
      kind: entry.stuff_kind,
      handedOutAt: entry.handed_out_at,
    });
  }
  // ISO instants: their text order is their time order.
  return [...events.values()].sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
}

export type NotReturnedRead =
  | { state: 'reading' }
  | { state: 'offline' }
  | { state: 'failed'; error: unknown }
  | { state: 'read'; events: NotReturnedEvent[] };

/**
 * The list, read when the screen opens, and when the network comes back to a screen that waited for it;
 * `reload` reads it again (after a failure). A list read stays shown, online or not.
 */
export function useNotReturned(): { read: NotReturnedRead; reload: () => void } {
  const isOnline = useIsOnline();
  const [read, setRead] = useState<NotReturnedRead>({ state: 'reading' });
  const isWanted = read.state === 'reading' || read.state === 'offline';
  useEffect(() => {
    if (!isWanted) return;
    if (!isOnline) {
      setRead({ state: 'offline' });
      return;
    }
    let isCurrent = true;
    setRead({ state: 'reading' });
    apiRequest('GET', NOT_RETURNED_PATH, { schema: notReturnedListSchema }).then(
      (entries) => isCurrent && setRead({ state: 'read', events: byEvent(entries) }),
      (error: unknown) => isCurrent && setRead({ state: 'failed', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [isOnline, isWanted]);
  const reload = useCallback(() => setRead({ state: 'reading' }), []);
  return { read, reload };
}

/** The CSV, saved as `fileName` unless the server names it (both name it alike: docs/rules.md#file-names). */
export function downloadNotReturnedCsv(fileName: string): Promise<void> {
  return downloadFile(NOT_RETURNED_CSV_PATH, fileName);
}
