import { useSyncExternalStore } from 'react';

/**
 * The modal dialogs open now, the topmost last. Everything outside the topmost modal dialog is inert (no
 * clicks, hidden from screen readers), even a popover drawn above it: the toasts move inside it.
 */
const stack: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Call right after showModal(); the returned function when the dialog closes. */
export function pushModal(dialog: HTMLDialogElement): () => void {
  stack.push(dialog);
  notify();
  return () => {
    const index = stack.indexOf(dialog);
    if (index >= 0) stack.splice(index, 1);
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTopModal(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, () => stack.at(-1) ?? null);
}
