/**
 * What became of one queued write (truthful feedback): the screen claims success only once the server has
 * taken it, says "kept on this device" when the network is away, and shows the refusal when the server
 * refused. The outbox row says it all: gone once delivered, `failed` once refused, pending meanwhile.
 */
import { liveQuery } from 'dexie';
import { useConnectivityStore } from './connectivity';
import type { EquipeeDb } from './db';
import { laneOf } from './offline-writes';

/**
 * `uuidStuff`: with `stuff_unavailable`, the kit's item that is gone (docs/rules.md#kit); `reasons`: with
 * `dossier_incomplete`, what the member's file lacks (docs/rules.md#members-file).
 */
export type Delivery =
  | { outcome: 'sent' }
  | {
      outcome: 'refused';
      code: string | null;
      message: string | null;
      uuidStuff?: string | undefined;
      reasons?: string[] | undefined;
    }
  | { outcome: 'kept' };

/** How long a screen waits for the server before saying the change is kept on the device. */
export const DELIVERY_WAIT_MS = 8_000;

function refusalOf(lastError: string | null): {
  code: string | null;
  message: string | null;
  uuidStuff?: string | undefined;
  reasons?: string[] | undefined;
} {
  try {
    const parsed = JSON.parse(lastError ?? 'null') as {
      code?: unknown;
      message?: unknown;
      uuid_stuff?: unknown;
      reasons?: unknown;
    } | null;
    return {
      code: typeof parsed?.code === 'string' ? parsed.code : null,
      message: typeof parsed?.message === 'string' ? parsed.message : null,
      // The drain keeps it only when the server named an item, as a string (kit-refusal.ts).
      uuidStuff: parsed?.uuid_stuff as string | undefined,
      // Kept by the drain only as the server's list of strings (drain.ts, readErrorBody).
      reasons: Array.isArray(parsed?.reasons) ? (parsed.reasons as string[]) : undefined,
    };
  } catch {
    return { code: null, message: null };
  }
}

/** Settles when the row is delivered or refused, or as "kept" when offline or after `waitMs`. */
export function awaitDelivery(db: EquipeeDb, id: number, waitMs = DELIVERY_WAIT_MS): Promise<Delivery> {
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (delivery: Delivery) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      stopWatchingNetwork();
      resolve(delivery);
    };
    const timer = setTimeout(() => settle({ outcome: 'kept' }), waitMs);
    const stopWatchingNetwork = useConnectivityStore.subscribe((state) => {
      if (!state.isOnline) settle({ outcome: 'kept' });
    });
    const subscription = liveQuery(() => db.outbox.get(id)).subscribe({
      next: (row) => {
        if (!row) settle({ outcome: 'sent' });
        else if (row.status === 'failed') settle({ outcome: 'refused', ...refusalOf(row.lastError) });
      },
      error: () => settle({ outcome: 'kept' }),
    });
    if (!useConnectivityStore.getState().isOnline) settle({ outcome: 'kept' });
  });
}

/**
 * Settles once none of this event's queued writes is still pending (delivered or refused), or when offline
 * or after `waitMs`. An online call that depends on them (a guest needs its host's place) waits here, so the
 * server reads it after the subscription it follows, not before. Comments bear on no place: their lane is not
 * waited for.
 */
export function awaitEventWrites(db: EquipeeDb, eventUuid: string, waitMs = DELIVERY_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = () => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve();
    };
    const timer = setTimeout(settle, waitMs);
    const subscription = liveQuery(() =>
      db.outbox
        .where('status')
        .equals('pending')
        .filter((row) => row.eventUuid === eventUuid && laneOf(row) === 'main')
        .count(),
    ).subscribe({ next: (pending) => pending === 0 && settle(), error: settle });
    if (!useConnectivityStore.getState().isOnline) settle();
  });
}
