import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal-dialog.module.css';
import { pushModal } from './modal-stack';
import { Icon } from './screen-icons';

/**
 * A native `<dialog>` shown modally while mounted (the browser keeps focus inside, Escape closes it, focus
 * returns to what opened it), titled, with a close button. `children` gets `close` to end it from inside.
 * React passes a nested dialog's `close` up to its parents' `onClose`: only this dialog's own close counts.
 * While `isBusy`, neither Escape nor the close button ends it (a write is under way).
 */
export function ModalDialog({
  title,
  onClose,
  children,
  role,
  describedBy,
  isBusy = false,
}: {
  title: string;
  onClose: () => void;
  children: (close: () => void) => ReactNode;
  /** `alertdialog` for a confirmation that interrupts (a delete). */
  role?: 'alertdialog';
  describedBy?: string;
  isBusy?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const release = useRef<() => void>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    release.current = pushModal(dialog);
    return () => {
      release.current?.();
      dialog.close();
    };
  }, []);
  const close = () => ref.current?.close();

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-busy={isBusy || undefined}
      onCancel={(e) => e.target === e.currentTarget && isBusy && e.preventDefault()}
      onClose={(e) => {
        if (e.target !== e.currentTarget) return;
        release.current?.();
        onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className={`button ${styles.close}`}
          aria-label={t('app.close')}
          disabled={isBusy}
          onClick={close}
        >
          <Icon name="close" />
        </button>
      </div>
      {children(close)}
    </dialog>
  );
}
