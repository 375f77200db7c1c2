import { cancelHeldMove, heldMoveKey, holdMove, isMoveHeld } from '../../data/held-moves';
import { showToast, type ToastAction, type ToastKind, useToastStore } from '../../state/toast-store';

/**
 * A toast with one control (« Annuler »); answers its id, so the caller may take it down sooner. Here, not in
 * the store: only later-loaded screens offer one, and the first paint's code stays as small as it was.
 */
export const showActionToast = (kind: ToastKind, messageKey: string, action: ToastAction): number =>
  useToastStore.getState().show(kind, messageKey, undefined, action);

/** What the toast says while the move waits: a place freed, or a spot in line left. */
export type HeldWords = 'answer.give_up_held' | 'answer.leave_waiting_held';

/**
 * Gives a place up after a few seconds, with « Annuler » in a toast meanwhile (docs/rules.md#subscriptions):
 * `send` runs once the hold ends (its own toast then says what the server made of it), never if « Annuler » was
 * pressed. A second press while the move is held does nothing.
 */
export function holdGiveUp(eventUuid: string, userId: string, words: HeldWords, send: () => void): void {
  const key = heldMoveKey(eventUuid, userId);
  if (isMoveHeld(key)) return;
  let toastId = 0;
  holdMove(key, () => {
    useToastStore.getState().dismiss(toastId);
    send();
  });
  toastId = showActionToast('info', words, {
    labelKey: 'answer.undo',
    run: () => {
      if (cancelHeldMove(key)) showToast('success', 'answer.undo_done');
    },
  });
}
