/**
 * « Retirer de mon agenda » (docs/rules.md#events): a cancelled event a member took out of their week, on this
 * device only — nothing is sent, the server's event is untouched. Kept per member in localStorage (a few ids),
 * so the week hides them before the cache answers.
 */
import { useSyncExternalStore } from 'react';

const keyOf = (userId: string) => `hiddenEvents:${userId}`;
const listeners = new Set<() => void>();
const snapshots = new Map<string, ReadonlySet<string>>();

function read(userId: string): ReadonlySet<string> {
  const kept = snapshots.get(userId);
  if (kept) return kept;
  let ids: string[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    // Unreadable or no storage: nothing hidden.
  }
  const set = new Set(ids);
  snapshots.set(userId, set);
  return set;
}

function write(userId: string, ids: ReadonlySet<string>): void {
  snapshots.set(userId, ids);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify([...ids]));
  } catch {
    // No storage: hidden for this page's life only.
  }
  for (const listener of listeners) listener();
}

/** Takes the event out of the member's week on this device. */
export function hideEvent(userId: string, eventUuid: string): void {
  write(userId, new Set([...read(userId), eventUuid]));
}

/** Puts it back (« Annuler » right after hiding it). */
export function unhideEvent(userId: string, eventUuid: string): void {
  write(userId, new Set([...read(userId)].filter((id) => id !== eventUuid)));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The events the member took out of their week here. */
export function useHiddenEvents(userId: string): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => read(userId));
}
