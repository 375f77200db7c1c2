/** The attendance checklist: ticks go through the outbox, so they work at the venue with no signal. */

import { type AttendanceStatus, requestedStatus } from '@common/contract/attendance-status';
import type { User } from '@common/contract/user';
import { walkInPersonKey } from '@common/contract/walk-in-key';
import type { ChecklistRow } from '@common/rules/checklist-rows';
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { createStore, type StoreApi } from 'zustand';
import { appDb, type VenueFactsRow } from './core/db';
import { queueStuffHandOut } from './core/hand-out-write';
import { queueCheck, queueWalkIn } from './core/outbox';
import { queueAndDeliver } from './core/sync';

/**
 * The checklist's writes not delivered yet, by row key (`u:<id>` members, `g:<id>` guests, `w:<person>`
 * walk-ins), each with the status its latest write sets. Ticks are kept in the outbox alone (core/outbox.ts): the screen lays these
 * over the cached event's rows, so a tick made offline shows after a reload too. `pending` is undefined while
 * first read: rows shown before would show a reloaded list without its ticks for a moment.
 *
 * Kept in a store, not in the screen's state: each row reads its own key, so a tick's pending mark coming and
 * going renders that row, never the 300-row table around it (docs/architecture.md#a-tick-from-the-checklist-to-the-database).
 */
export interface PendingChecks {
  pending: ReadonlyMap<string, AttendanceStatus> | undefined;
}
export type PendingChecksStore = StoreApi<PendingChecks>;

export function usePendingChecks(eventUuid: string | undefined): PendingChecksStore {
  const [store] = useState(() => createStore<PendingChecks>(() => ({ pending: undefined })));
  useEffect(() => {
    store.setState({ pending: undefined });
    const subscription = liveQuery(() => readPendingChecks(eventUuid)).subscribe({
      next: (pending) => store.setState({ pending }),
      // A failed read leaves the rows as the cached event has them: nothing pending is shown.
      error: () => store.setState({ pending: NO_TICKS }),
    });
    return () => subscription.unsubscribe();
  }, [store, eventUuid]);
  return store;
}

async function readPendingChecks(
  eventUuid: string | undefined,
): Promise<ReadonlyMap<string, AttendanceStatus>> {
  if (!eventUuid) return NO_TICKS;
  // Read through a cursor (the filter), which Dexie's query cache never answers: ticks are stored beside
  // Dexie and announced with `storagemutated` (core/tick-write.ts), which a cached answer would not see.
  const rows = await appDb()
    .outbox.where('status')
    .equals('pending')
    .filter((row) => (row.kind === 'check' || row.kind === 'walk-in') && row.eventUuid === eventUuid)
    .sortBy('id');
  const pending = new Map<string, AttendanceStatus>();
  for (const row of rows) {
    if (row.kind === 'check')
      pending.set(`${row.body.is_invited ? 'g' : 'u'}:${row.body.user_id}`, requestedStatus(row.body));
    else if (row.kind === 'walk-in')
      pending.set(`w:${walkInPersonKey(row.body)}`, row.body.status ?? 'present');
  }
  return pending;
}

const NO_TICKS: ReadonlyMap<string, AttendanceStatus> = new Map();

/**
 * Sets (never toggles) one row's status (a tick is present or absent): a member's or a guest's through the
 * checklist write, a walk-in's through the walk-in write, which also creates one.
 */
export async function setRowStatus(
  user: User,
  eventUuid: string,
  row: ChecklistRow,
  status: AttendanceStatus,
) {
  const queued = row.walkIn
    ? queueWalkIn(appDb(), user, { eventUuid, userId: row.walkIn.user_id, name: row.walkIn.name, status })
    : queueCheck(appDb(), user, { eventUuid, userId: row.userId, isInvited: row.isInvited, status });
  await queueAndDeliver(queued);
}

/**
 * Sets (never toggles) whether one booked item of a member's or a guest's kit was handed out and returned
 * (docs/rules.md#kit). Queued like a tick, so it works at the venue with no signal, and shown at once on the
 * cached event; the device's time of the tap orders it against other organisers' writes.
 */
export async function setHandOut(
  user: User,
  eventUuid: string,
  row: Pick<ChecklistRow, 'userId' | 'isInvited'>,
  uuidStuff: string,
  change: { handedOut?: boolean; returned?: boolean },
) {
  await queueAndDeliver(
    queueStuffHandOut(appDb(), user, {
      eventUuid,
      isInvited: row.isInvited,
      userId: row.userId,
      uuidStuff,
      ...change,
    }),
  );
}

/** « Ajouter une personne présente »: a member found by name, or a free name, as present. */
export async function addWalkIn(
  user: User,
  eventUuid: string,
  person: { userId: string | null; name: string },
) {
  await queueAndDeliver(queueWalkIn(appDb(), user, { eventUuid, ...person, status: 'present' }));
}

/** The minors of the event with their guardians' phones and venue consents, as kept (docs/rules.md#families). */
export type VenueMinor = VenueFactsRow['minors'][number];

/** The event's minors by member id, as its last read by someone who takes attendance kept them. */
export function useVenueMinors(eventUuid: string | undefined): ReadonlyMap<string, VenueMinor> {
  return (
    useLiveQuery(async () => {
      const row = eventUuid ? await appDb().venueFacts.get(eventUuid) : undefined;
      return new Map((row?.minors ?? []).map((minor) => [minor.id, minor]));
    }, [eventUuid]) ?? NO_MINORS
  );
}

const NO_MINORS: ReadonlyMap<string, VenueMinor> = new Map();
