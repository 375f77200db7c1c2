/**
 * Who answered "not coming" to an event (those who may take attendance): read online, kept in Dexie like the
 * rest of the week, so the sheet opened at the venue with no signal still lists them.
 */

import { type DeclineEntry, declineEntrySchema } from '@common/contract/participation';
import { z } from '@common/contract/zod';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiRequest } from './core/api-client';
import { appDb } from './core/db';

export type { DeclineEntry };

/** The list as last read on this device; null while it was never read here (undefined while loading). */
export function useKeptDeclines(eventUuid: string): DeclineEntry[] | null | undefined {
  return useLiveQuery(async () => (await appDb().eventDeclines.get(eventUuid))?.entries ?? null, [eventUuid]);
}

/** Reads the list again from the server and keeps it. */
export async function refreshEventDeclines(eventUuid: string): Promise<void> {
  const entries = await apiRequest('GET', `/api/event/${eventUuid}/declines`, {
    schema: z.array(declineEntrySchema),
  });
  await appDb().eventDeclines.put({ uuid_event: eventUuid, entries });
}

/** First and last name, as the attendee lists name people; the username only when the member gave no name. */
export const declineName = (d: DeclineEntry): string =>
  [d.first_name, d.last_name].filter(Boolean).join(' ').trim() || d.username;
