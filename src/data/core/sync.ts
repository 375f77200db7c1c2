/**
 * The page's one sync engine, started at sign-in and stopped at sign-out, and what every queued write
 * does after it is queued: ask for a drain here, and in the service worker through Background Sync, so
 * ticks go out even after the app is closed. The engine (with the contract's schemas it parses answers
 * with) is its own chunk, loaded when the session starts: the first paint reads the cache, not the network.
 */
import type { User } from '@common/contract/user';
import { requestBackgroundSync } from './background-sync';
import { appDb } from './db';
import { clearCachedData, mirrorSession } from './session-mirror';
import type { SyncEngine } from './sync-engine';

let engine: SyncEngine | undefined;
/**
 * The week a screen asked for before the engine's chunk arrived (a reload on `/?week=…`): the engine
 * starts on it, or the page would show the current week's neighbours only and call a far week empty.
 */
let askedWeek: string | undefined;
/** Counts sign-outs, so an engine whose chunk arrives after a sign-out is never started. */
let generation = 0;

export async function startSync(token: string, user: User, onUnauthorised: () => void): Promise<SyncEngine> {
  const started = generation;
  const [{ startSyncEngine }] = await Promise.all([
    import('./sync-engine'),
    mirrorSession(appDb(), token, user),
  ]);
  if (started !== generation) throw new Error('signed out while the sync engine was loading');
  if (!engine) {
    engine = startSyncEngine({ db: appDb(), onUnauthorised });
    // Before the engine's first read of "the visible week" (after the club's zone is known), so it reads this one.
    if (askedWeek) void engine.refreshWeek(askedWeek).catch(() => undefined);
  }
  return engine;
}

/** The week a screen shows: fetched now when the engine runs, else as soon as it starts. */
export function showWeekSoon(monday: string): void {
  askedWeek = monday;
  void engine?.refreshWeek(monday).catch(() => undefined);
}

export function syncEngine(): SyncEngine | undefined {
  return engine;
}

/** Sign-out: the cache goes, pending writes stay for this user's next sign-in. */
export async function stopSync(): Promise<void> {
  generation++;
  askedWeek = undefined;
  engine?.stop();
  engine = undefined;
  await clearCachedData(appDb());
}

/** The device has no room left for the offline cache: the write could not be kept. */
export class StorageFullError extends Error {}

/** The browser's own refusal (a DOMException, not always an Error), or Dexie's error wrapping it. */
function isQuotaError(error: unknown): boolean {
  const nameOf = (x: unknown) => (typeof x === 'object' && x !== null && 'name' in x ? x.name : undefined);
  const inner: unknown =
    typeof error === 'object' && error !== null && 'inner' in error ? error.inner : undefined;
  return nameOf(error) === 'QuotaExceededError' || nameOf(inner) === 'QuotaExceededError';
}

/** Runs an enqueue, then asks for its delivery; a full disk becomes a StorageFullError for the screen. */
export async function queueAndDeliver<T>(enqueue: Promise<T>): Promise<T> {
  let queued: T;
  try {
    queued = await enqueue;
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError('storage full');
    throw error;
  }
  engine?.drainSoon();
  void requestBackgroundSync();
  return queued;
}
