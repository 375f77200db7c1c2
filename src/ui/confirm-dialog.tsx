import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text';
import styles from './confirm-dialog.module.css';
import { ModalDialog } from './modal-dialog';
import { Icon } from './screen-icons';

export interface ConfirmDialogProps {
  /** Defaults to "Confirm the deletion". */
  title?: string;
  /** Names what goes ("Delete the guest Paul Durand?"); defaults to the generic delete question. */
  message?: string;
  /** Defaults to "Delete". */
  confirmLabel?: string;
  /** Defaults to "Cancel"; another word where "Cancel" would read as the action (cancelling an event). */
  cancelLabel?: string;
  /** A choice that goes with the answer (which sessions of a series), under the message. */
  children?: ReactNode;
  /** The delete itself: the dialog closes when it resolves, stays open with the error when it rejects. */
  onConfirm: () => Promise<void>;
  /** After any close: confirmed, cancelled, Escape. */
  onClose: () => void;
}

/** The warning before a delete: Cancel has the focus, the destructive button says so. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  children,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Runs after the shell's showModal(): the least harmful answer starts focused.
  useEffect(() => cancelRef.current?.focus(), []);

  async function confirm(close: () => void) {
    if (isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      await onConfirm();
      setIsBusy(false);
      close();
    } catch (failure) {
      setError(errorText(t, failure));
      setIsBusy(false);
    }
  }

  return (
    <ModalDialog
      title={title ?? t('confirm.title')}
      role="alertdialog"
      describedBy={messageId}
      isBusy={isBusy}
      onClose={onClose}
    >
      {(close) => (
        <div className={styles.body}>
          <p id={messageId} className={styles.message}>
            <Icon name="warning" />
            <span>{message ?? t('confirm_delete_generic')}</span>
          </p>
          {children}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.buttons}>
            <button ref={cancelRef} type="button" className="button" disabled={isBusy} onClick={close}>
              {cancelLabel ?? t('confirm.cancel')}
            </button>
            <button
              type="button"
              className={`button ${styles.danger}`}
              // Not `disabled`: the focus stays on it while busy, and after an error.
              aria-disabled={isBusy}
              onClick={() => void confirm(close)}
            >
              <Icon name="warning" />
              {isBusy ? t('confirm.busy') : (confirmLabel ?? t('confirm.delete'))}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
