/**
 * The page's one sync engine, started at sign-in and stopped at sign-out, and the writes screens call:
 * each queues through the outbox, then asks for a drain (here, and in the service worker through
 * Background Sync, so ticks go out even after the app is closed).
 */
import type { User } from '../common/contract/user';
import { appDb } from './db';
import { queueCheck, queueSubscription, queueWaitingList } from './outbox';
import { clearCachedData, mirrorSession } from './session-mirror';
import { fetchEventInto, type SyncEngine, startSyncEngine } from './sync-engine';
import { BACKGROUND_SYNC_TAG } from './sync-tag';

let engine: SyncEngine | undefined;

export async function startSync(token: string, user: User, onUnauthorised: () => void): Promise<SyncEngine> {
  await mirrorSession(appDb(), token, user);
  engine ??= startSyncEngine({ db: appDb(), onUnauthorised });
  return engine;
}

export function syncEngine(): SyncEngine | undefined {
  return engine;
}

/** Sign-out: the cache goes, pending writes stay for this user's next sign-in. */
export async function stopSync(): Promise<void> {
  engine?.stop();
  engine = undefined;
  await clearCachedData(appDb());
}

/** The device has no room left for the offline cache: the write could not be kept. */
export class StorageFullError extends Error {}

async function queued<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const names = [(error as { name?: string }).name, (error as { inner?: { name?: string } }).inner?.name];
    if (names.includes('QuotaExceededError')) throw new StorageFullError('storage full');
    throw error;
  }
}

async function afterQueued(): Promise<void> {
  engine?.drainSoon();
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // No Background Sync here (Firefox, Safari): the page drains on its own triggers.
  }
}

export async function tick(user: User, eventUuid: string, userId: string | number, isInvited: boolean, isChecked: boolean) {
  await queued(queueCheck(appDb(), user, { eventUuid, userId, isInvited, isChecked }));
  void afterQueued();
}

export async function changeSubscription(user: User, eventUuid: string, subscribe: boolean, stuffUuid?: string | null) {
  await queued(queueSubscription(appDb(), user, { eventUuid, subscribe, stuffUuid: stuffUuid ?? null }));
  void afterQueued();
}

export async function joinWaitingList(user: User, eventUuid: string, stuffUuid?: string | null) {
  await queued(queueWaitingList(appDb(), user, { eventUuid, stuffUuid: stuffUuid ?? null }));
  void afterQueued();
}

/** A failed write: try it again (a new chance, same key) or drop it and show the server's state. */
export async function retryWrite(id: number): Promise<void> {
  await appDb().outbox.update(id, { status: 'pending', attempts: 0, nextAttemptAt: Date.now(), lastError: null });
  void afterQueued();
}

export async function discardWrite(id: number): Promise<void> {
  await appDb().outbox.delete(id);
  await engine?.drainNow();
}

/** A screen needs this event (a checklist outside the cached weeks): fetch it, whether or not sync runs yet. */
export function refreshEvent(uuid: string): Promise<void> {
  return fetchEventInto(appDb(), uuid);
}

/** The week a screen shows: the engine fetches it (and remembers it as the one to keep fresh). */
export function showWeek(monday: string): void {
  void engine?.refreshWeek(monday).catch(() => undefined);
}
