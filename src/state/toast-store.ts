import { create } from 'zustand';

export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** An i18n key. `text`: an error's reason, said after the key's words; any other toast's own words. */
  messageKey: string;
  text?: string;
}

interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, messageKey: string, text?: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show(kind, messageKey, text) {
    // The same message twice at once (a double render, a repeated failure) is shown once.
    if (get().toasts.some((t) => t.kind === kind && t.messageKey === messageKey && t.text === text)) return;
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, kind, messageKey, ...(text ? { text } : {}) }] });
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

export const showToast = (kind: ToastKind, messageKey: string, text?: string): void =>
  useToastStore.getState().show(kind, messageKey, text);
