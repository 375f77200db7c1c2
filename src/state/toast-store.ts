import { create } from 'zustand';

export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info';

/** A toast's one control besides closing it (« Annuler » while a move is held, docs/rules.md#subscriptions). */
export interface ToastAction {
  /** An i18n key. */
  labelKey: string;
  run(): void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  /** An i18n key. `text`: an error's reason, said after the key's words; any other toast's own words. */
  messageKey: string;
  text?: string;
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  /** Answers the toast's id (the one already showing when it is the same message). */
  show(kind: ToastKind, messageKey: string, text?: string, action?: ToastAction): number;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show(kind, messageKey, text, action) {
    // The same message twice at once (a double render, a repeated failure) is shown once.
    const same = get().toasts.find((t) => t.kind === kind && t.messageKey === messageKey && t.text === text);
    if (same && !action) return same.id;
    const id = nextId++;
    const toast = { id, kind, messageKey, ...(text ? { text } : {}), ...(action ? { action } : {}) };
    set({ toasts: [...get().toasts, toast] });
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS);
    return id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

export const showToast = (kind: ToastKind, messageKey: string, text?: string): void => {
  useToastStore.getState().show(kind, messageKey, text);
};
