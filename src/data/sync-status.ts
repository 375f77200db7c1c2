/** What the header shows of the offline machinery: connectivity, pending and refused writes. */

import { readErrorBody } from '@common/contract/errors';
import { useLiveQuery } from 'dexie-react-hooks';
import { useConnectivityStore } from './core/connectivity';
import { appDb } from './core/db';
import type { OutboxKind } from './core/offline-writes';
import { queueAndDeliver, syncEngine } from './core/sync';

export { whenNetworkQuiet } from './core/connectivity';
export { holdReadsUntilWeekShown, markWeekShown } from './core/week-on-screen';
export type { OutboxKind };

export function useIsOnline(): boolean {
  return useConnectivityStore((s) => s.isOnline);
}

export function usePendingCount(): number {
  return useLiveQuery(() => appDb().outbox.where('status').equals('pending').count(), []) ?? 0;
}

/** Changes kept on this device and not taken by the server: pending or refused (asked before a sign-out). */
export function countUnsent(): Promise<number> {
  return appDb().outbox.count();
}

export interface FailedWrite {
  id: number;
  kind: OutboxKind;
  /** The refusal's error code (an i18n key under `errors.`). */
  code: string;
  /** With `stuff_unavailable`: the name of the kit's item that is gone, as the drain kept it (kit-refusal.ts). */
  stuffName: string | null;
  /** With `dossier_incomplete`: what the member's file lacks (docs/rules.md#members-file); empty otherwise. */
  reasons: string[];
}

function refusalOf(lastError: string | null): Pick<FailedWrite, 'code' | 'stuffName' | 'reasons'> {
  try {
    const body = JSON.parse(lastError ?? 'null') as { stuff_name?: unknown } | null;
    const stuffName = typeof body?.stuff_name === 'string' ? body.stuff_name : null;
    const read = readErrorBody(body);
    return { code: read?.code ?? 'server_error', stuffName, reasons: read?.reasons ?? [] };
  } catch {
    return { code: 'server_error', stuffName: null, reasons: [] };
  }
}

/** The refused writes, oldest first; a kit refused for an item gone names it (docs/rules.md#kit). */
export function useFailedWrites(): FailedWrite[] {
  const rows = useLiveQuery(() => appDb().outbox.where('status').equals('failed').sortBy('id'), []) ?? [];
  return rows.map((row) => ({ id: row.id ?? 0, kind: row.kind, ...refusalOf(row.lastError) }));
}

/** A refused write: try it again (a new chance, same key) or drop it and show the server's state. */
export async function retryWrite(id: number): Promise<void> {
  await queueAndDeliver(
    appDb().outbox.update(id, { status: 'pending', attempts: 0, nextAttemptAt: Date.now(), lastError: null }),
  );
}

export async function discardWrite(id: number): Promise<void> {
  await appDb().outbox.delete(id);
  await syncEngine()?.drainNow();
}
