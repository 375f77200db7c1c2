import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../data/events';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';

/** The action a failure toast names (in the app's words), then the reason when there is one. */
export type MoveFailure =
  | 'subscribe_failed'
  | 'unsubscribe_failed'
  | 'waiting_failed'
  | 'decline_failed'
  | 'kit_change_failed';

export type Refusal = Extract<Delivery, { outcome: 'refused' }>;

export interface RunOptions {
  /** A booking the server refused because the last place just went offers the waiting list instead. */
  onFull?: () => void;
  /** The success said in other words (a guardian's move names the child). */
  successText?: string;
  /** A refusal the screen says itself, in place (an item of the kit gone): true when it did, and no toast. */
  onRefused?: (refusal: Refusal) => boolean;
}

/**
 * Runs a queued move and says what truly happened: success once the server took it, "kept on this device"
 * while the network is away, the refusal with its reason when the server refused. Settles with the delivery
 * (null when the move could not even be queued), so a dialog may stay open on a refusal it explains.
 */
export function runMove(
  t: TFunction,
  action: Promise<Delivery>,
  successKey: string,
  failure: MoveFailure,
  { onFull, successText, onRefused }: RunOptions = {},
): Promise<Delivery | null> {
  const failed = (reason: string | null) => showToast('error', `answer.${failure}`, reason ?? undefined);
  return action.then(
    (delivery) => {
      if (delivery.outcome === 'sent') showToast('success', successKey, successText);
      else if (delivery.outcome === 'kept') showToast('info', 'registration.queued_toast');
      else if (onFull && delivery.code === 'event_full') onFull();
      else if (!onRefused?.(delivery))
        failed(
          // A file that blocks: the server's message names what it lacks, in the reader's language
          // (docs/rules.md#members-file).
          delivery.code && !delivery.reasons?.length
            ? t(`errors.${delivery.code}`, { defaultValue: delivery.message ?? '' })
            : delivery.message,
        );
      return delivery;
    },
    (error: unknown) => {
      failed(errorText(t, error));
      return null;
    },
  );
}

/** runMove in the words of the language shown. */
export function useRunMove() {
  const { t } = useTranslation();
  return (action: Promise<Delivery>, successKey: string, failure: MoveFailure, options?: RunOptions) =>
    runMove(t, action, successKey, failure, options);
}
