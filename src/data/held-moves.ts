/**
 * Moves that give a place up (leaving, « Je ne viens plus », leaving the waiting list), held on this device for a
 * few seconds before they are queued (docs/rules.md#subscriptions): once sent, the place may already be someone
 * else's, so « Annuler » must be able to take the move back with nothing sent. Held here, not in a screen: closing
 * the sheet keeps the hold, and leaving the page queues every held move at once — nothing lost. A move leaves the
 * hold exactly once (its timer, the page leaving, or « Annuler »), so nothing is sent twice.
 */
import { useSyncExternalStore } from 'react';

/** How long a move waits for « Annuler ». */
export const HOLD_MS = 5000;

interface Held {
  timer: ReturnType<typeof setTimeout>;
  send: () => void;
}

const held = new Map<string, Held>();
const listeners = new Set<() => void>();
let isWatchingLeave = false;

function changed(): void {
  for (const listener of listeners) listener();
}

/** Takes the move out of the hold; answers its send, or undefined when it was not held (any more). */
function release(key: string): (() => void) | undefined {
  const move = held.get(key);
  if (!move) return undefined;
  clearTimeout(move.timer);
  held.delete(key);
  changed();
  return move.send;
}

/** The page is going away or hidden (a phone may never wake it again): every held move is queued now. */
export function sendHeldMovesNow(): void {
  for (const key of [...held.keys()]) release(key)?.();
}

function watchLeave(): void {
  if (isWatchingLeave || typeof window === 'undefined') return;
  isWatchingLeave = true;
  window.addEventListener('pagehide', sendHeldMovesNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendHeldMovesNow();
  });
}

/**
 * Holds `send` for HOLD_MS under `key` (one move per event and member): answers false, holding nothing, when
 * a move is already held under that key.
 */
export function holdMove(key: string, send: () => void): boolean {
  if (held.has(key)) return false;
  watchLeave();
  held.set(key, { timer: setTimeout(() => release(key)?.(), HOLD_MS), send });
  changed();
  return true;
}

/** « Annuler »: true when the move was still held, and so never sent. */
export function cancelHeldMove(key: string): boolean {
  return release(key) !== undefined;
}

export const isMoveHeld = (key: string): boolean => held.has(key);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a move is held under `key`, for a screen to say so instead of offering it again. */
export function useIsMoveHeld(key: string): boolean {
  return useSyncExternalStore(subscribe, () => held.has(key));
}

/** The key of a member's giving-up move at an event. */
export const heldMoveKey = (eventUuid: string, userId: string): string => `${eventUuid} ${userId}`;
